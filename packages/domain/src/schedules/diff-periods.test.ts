import { describe, expect, it } from 'vitest';
import { diffPeriods, type ExistingPeriod } from './diff-periods';
import type { GeneratedPeriod } from './generate-periods';

function generated(name: string, start: string, end: string, open: string, close: string): GeneratedPeriod {
  return {
    name,
    start,
    end,
    submissionsOpen: open,
    submissionsClose: close,
    submissionsReopen: null,
    submissionsReclose: null,
    ifSubmissionReopens: false,
  };
}

const april = generated(
  'April 2026',
  '2026-04-01',
  '2026-04-30',
  '2026-04-30T23:00:00.000Z',
  '2026-05-08T23:00:00.000Z',
);
const may = generated(
  'May 2026',
  '2026-05-01',
  '2026-05-31',
  '2026-05-31T23:00:00.000Z',
  '2026-06-05T23:00:00.000Z',
);
const june = generated(
  'June 2026',
  '2026-06-01',
  '2026-06-30',
  '2026-06-30T23:00:00.000Z',
  '2026-07-07T23:00:00.000Z',
);

function existing(
  id: number,
  from: GeneratedPeriod,
  overrides: Partial<ExistingPeriod> = {},
): ExistingPeriod {
  return { id, ...from, hasSubmissions: false, ...overrides };
}

describe('diffPeriods', () => {
  it('everything is added to an empty collection', () => {
    expect(diffPeriods([april, may], [])).toEqual({
      added: [april, may],
      removed: [],
      changed: [],
      unchanged: [],
      conflicts: [],
    });
  });

  it('matches by start and end, treating the same instant in another notation as unchanged', () => {
    const stored = existing(1, april, {
      submissionsOpen: '2026-05-01T00:00:00+01:00',
      submissionsClose: new Date('2026-05-08T23:00:00Z'),
    });
    const diff = diffPeriods([april], [stored]);
    expect(diff.unchanged).toEqual([{ existing: stored, generated: april }]);
    expect(diff.changed).toEqual([]);
  });

  it('lists the fields that changed', () => {
    const stored = existing(2, may, {
      name: 'May',
      submissionsClose: '2026-06-10T23:00:00.000Z',
      submissionsReopen: '2026-06-12T23:00:00.000Z',
      ifSubmissionReopens: true,
    });
    expect(diffPeriods([may], [stored]).changed).toEqual([
      {
        existing: stored,
        generated: may,
        fields: ['name', 'submissionsClose', 'submissionsReopen', 'ifSubmissionReopens'],
      },
    ]);
  });

  it('removes periods the schedule no longer makes, unless they have submissions', () => {
    const empty = existing(3, june);
    const diff = diffPeriods([april], [existing(1, april), empty]);
    expect(diff.removed).toEqual([empty]);
    expect(diff.conflicts).toEqual([]);
  });

  it('never removes a period with submissions: it is a conflict with a reason and its overlaps', () => {
    const withSubmissions = existing(3, june, { hasSubmissions: true });
    const weekly = generated(
      'Week commencing 29/06/2026',
      '2026-06-29',
      '2026-07-05',
      '2026-07-05T23:00:00.000Z',
      '2026-07-10T23:00:00.000Z',
    );
    const diff = diffPeriods([weekly], [withSubmissions]);
    expect(diff.removed).toEqual([]);
    expect(diff.added).toEqual([weekly]);
    expect(diff.conflicts).toEqual([
      {
        existing: withSubmissions,
        overlapping: [weekly],
        reason:
          'June 2026 (2026-06-01 to 2026-06-30) has submissions, so it will be kept although the schedule no ' +
          'longer includes it; it overlaps the new period Week commencing 29/06/2026.',
      },
    ]);
  });

  it('a conflict with nothing overlapping says so plainly', () => {
    const [conflict] = diffPeriods([], [existing(9, april, { hasSubmissions: true, name: null })]).conflicts;
    expect(conflict?.reason).toBe(
      '2026-04-01 to 2026-04-30 has submissions, so it will be kept although the schedule no longer includes it.',
    );
  });

  it('a matched period with submissions may still change its deadlines', () => {
    const stored = existing(1, april, { hasSubmissions: true, submissionsClose: '2026-05-05T23:00:00.000Z' });
    const diff = diffPeriods([april], [stored]);
    expect(diff.changed.map((change) => change.fields)).toEqual([['submissionsClose']]);
    expect(diff.conflicts).toEqual([]);
  });

  it('sorts every list by start', () => {
    const diff = diffPeriods([june, april, may], [existing(3, june), existing(1, april, { name: 'x' })]);
    expect(diff.added.map((period) => period.name)).toEqual(['May 2026']);
    expect(diff.unchanged.map((entry) => entry.existing.id)).toEqual([3]);
    expect(diff.changed.map((entry) => entry.existing.id)).toEqual([1]);
  });

  it('keeps the caller’s row type', () => {
    const rows = [{ ...existing(5, june), formId: 'f-1' }];
    const [removed] = diffPeriods([], rows).removed;
    expect(removed?.formId).toBe('f-1');
  });
});
