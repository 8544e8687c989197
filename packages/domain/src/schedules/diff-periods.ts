import type { GeneratedPeriod } from './generate-periods';
import { instantMillis } from './london-time';

/** An existing period as the diff needs it; callers may pass richer rows and get them back. */
export interface ExistingPeriod {
  id: string | number;
  name?: string | null;
  start: string;
  end: string;
  submissionsOpen: string | Date;
  submissionsClose: string | Date;
  submissionsReopen?: string | Date | null;
  submissionsReclose?: string | Date | null;
  ifSubmissionReopens?: boolean | null;
  hasSubmissions: boolean;
}

/** The fields a schedule decides, so the ones a diff compares. */
export const comparedPeriodFields = [
  'name',
  'submissionsOpen',
  'submissionsClose',
  'submissionsReopen',
  'submissionsReclose',
  'ifSubmissionReopens',
] as const;
export type ComparedPeriodField = (typeof comparedPeriodFields)[number];

export interface ChangedPeriod<E extends ExistingPeriod> {
  existing: E;
  generated: GeneratedPeriod;
  fields: ComparedPeriodField[];
}

export interface UnchangedPeriod<E extends ExistingPeriod> {
  existing: E;
  generated: GeneratedPeriod;
}

export interface PeriodConflict<E extends ExistingPeriod> {
  existing: E;
  /** Generated periods whose dates overlap the one that has to stay. */
  overlapping: GeneratedPeriod[];
  reason: string;
}

export interface PeriodDiff<E extends ExistingPeriod> {
  added: GeneratedPeriod[];
  removed: E[];
  changed: ChangedPeriod<E>[];
  unchanged: UnchangedPeriod<E>[];
  conflicts: PeriodConflict<E>[];
}

/**
 * Compares the periods a schedule would generate with the ones a collection has, matching them by
 * (start, end): a period keeps its id, submissions and form when only its deadlines or name move.
 *
 * An existing period the schedule no longer produces is `removed`, unless it has submissions: a period
 * with submissions is never removed (their data would go with it), so it is listed in `conflicts` with a
 * reason a manager can act on, and with any new periods that overlap it. Instants are compared as
 * instants, so `...T23:00:00.000Z` and `...T00:00:00+01:00` are the same deadline. Every list is in
 * start order.
 */
export function diffPeriods<E extends ExistingPeriod>(
  generated: readonly GeneratedPeriod[],
  existing: readonly E[],
): PeriodDiff<E> {
  const byDates = new Map<string, E>();
  for (const period of existing) {
    const key = datesKey(period);
    if (!byDates.has(key)) byDates.set(key, period);
  }
  const matched = new Set<E>();
  const diff: PeriodDiff<E> = { added: [], removed: [], changed: [], unchanged: [], conflicts: [] };

  for (const period of generated) {
    const match = byDates.get(datesKey(period));
    if (!match || matched.has(match)) {
      diff.added.push(period);
      continue;
    }
    matched.add(match);
    const fields = changedFields(match, period);
    if (fields.length > 0) diff.changed.push({ existing: match, generated: period, fields });
    else diff.unchanged.push({ existing: match, generated: period });
  }

  for (const period of existing) {
    if (matched.has(period)) continue;
    if (!period.hasSubmissions) {
      diff.removed.push(period);
      continue;
    }
    const overlapping = generated.filter(
      (candidate) => candidate.start <= period.end && period.start <= candidate.end,
    );
    diff.conflicts.push({ existing: period, overlapping, reason: conflictReason(period, overlapping) });
  }

  const byStart = (a: { start: string }, b: { start: string }) => compareText(a.start, b.start);
  diff.added.sort(byStart);
  diff.removed.sort(byStart);
  diff.changed.sort((a, b) => byStart(a.existing, b.existing));
  diff.unchanged.sort((a, b) => byStart(a.existing, b.existing));
  diff.conflicts.sort((a, b) => byStart(a.existing, b.existing));
  return diff;
}

function conflictReason(period: ExistingPeriod, overlapping: readonly GeneratedPeriod[]): string {
  const label = period.name
    ? `${period.name} (${period.start} to ${period.end})`
    : `${period.start} to ${period.end}`;
  const base = `${label} has submissions, so it will be kept although the schedule no longer includes it`;
  if (overlapping.length === 0) return `${base}.`;
  const names = overlapping.map((candidate) => candidate.name).join(', ');
  return `${base}; it overlaps the new period${overlapping.length === 1 ? '' : 's'} ${names}.`;
}

function datesKey(period: { start: string; end: string }): string {
  return `${period.start}/${period.end}`;
}

function changedFields(existing: ExistingPeriod, generated: GeneratedPeriod): ComparedPeriodField[] {
  const fields: ComparedPeriodField[] = [];
  if ((existing.name ?? '') !== generated.name) fields.push('name');
  if (!sameInstant(existing.submissionsOpen, generated.submissionsOpen)) fields.push('submissionsOpen');
  if (!sameInstant(existing.submissionsClose, generated.submissionsClose)) fields.push('submissionsClose');
  if (!sameInstant(existing.submissionsReopen, generated.submissionsReopen)) fields.push('submissionsReopen');
  if (!sameInstant(existing.submissionsReclose, generated.submissionsReclose))
    fields.push('submissionsReclose');
  if ((existing.ifSubmissionReopens ?? false) !== generated.ifSubmissionReopens)
    fields.push('ifSubmissionReopens');
  return fields;
}

function sameInstant(a: string | Date | null | undefined, b: string | Date | null | undefined): boolean {
  if (a == null || b == null) return a == null && b == null;
  return instantMillis(a) === instantMillis(b);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
