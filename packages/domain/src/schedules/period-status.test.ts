import { describe, expect, it } from 'vitest';
import { getSubmissionDisplayState, periodStatus } from './period-status';

const period = {
  submissionsOpen: '2026-04-30T23:00:00.000Z',
  submissionsClose: '2026-05-08T23:00:00.000Z',
  submissionsReopen: '2026-05-11T23:00:00.000Z',
  submissionsReclose: '2026-05-13T23:00:00.000Z',
  ifSubmissionReopens: true,
};
const at = (iso: string) => new Date(iso);

describe('periodStatus', () => {
  it.each([
    ['2026-04-30T22:59:59.999Z', 'Future'],
    ['2026-04-30T23:00:00.000Z', 'Open'],
    ['2026-05-08T22:59:59.999Z', 'Open'],
    ['2026-05-08T23:00:00.000Z', 'Closed'],
    ['2026-05-10T12:00:00.000Z', 'Closed'],
    ['2026-05-11T23:00:00.000Z', 'Open'],
    ['2026-05-13T22:59:59.999Z', 'Open'],
    ['2026-05-13T23:00:00.000Z', 'Closed'],
    ['2027-01-01T00:00:00.000Z', 'Closed'],
  ] as const)('at %s it is %s', (instant, status) => {
    expect(periodStatus(period, at(instant))).toBe(status);
  });

  it('ignores stored reopen instants when the period does not reopen', () => {
    expect(periodStatus({ ...period, ifSubmissionReopens: false }, at('2026-05-12T12:00:00Z'))).toBe(
      'Closed',
    );
  });

  it('uses reopen instants when the flag is absent and both are there', () => {
    const { ifSubmissionReopens: _flag, ...withoutFlag } = period;
    expect(periodStatus(withoutFlag, at('2026-05-12T12:00:00Z'))).toBe('Open');
    expect(periodStatus({ ...withoutFlag, submissionsReclose: null }, at('2026-05-12T12:00:00Z'))).toBe(
      'Closed',
    );
  });

  it('accepts Date values and offsets', () => {
    const dated = {
      submissionsOpen: new Date('2026-04-30T23:00:00Z'),
      submissionsClose: '2026-05-09T00:00:00+01:00',
    };
    expect(periodStatus(dated, at('2026-05-08T22:00:00Z'))).toBe('Open');
    expect(periodStatus(dated, at('2026-05-08T23:00:00Z'))).toBe('Closed');
  });
});

describe('getSubmissionDisplayState', () => {
  it.each([
    ['Open', true, 'Complete'],
    ['Closed', true, 'Complete'],
    ['Open', false, 'Open'],
    ['Future', false, 'Future'],
    ['Closed', false, 'Missed'],
    ['Closed', undefined, 'Closed'],
    ['Open', undefined, 'Open'],
    ['Future', undefined, 'Future'],
  ] as const)('%s with completed submission %s shows %s', (status, completed, state) => {
    expect(getSubmissionDisplayState(status, completed)).toBe(state);
  });
});
