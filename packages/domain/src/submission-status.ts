import { DateTime } from 'luxon';
import { constants } from './constants';
import type { ReportingPeriodStatus, SubmissionDisplayState, SubmissionStatus } from './enums';
import { formatLongDate } from './format';
import { instantMillis, lastDayToSubmit, type PeriodWindow, periodStatus } from './schedules';
import { submissionWindow } from './submissions';

/**
 * The status of one organisation's return in one reporting period, shared by the views API
 * (which computes the same thing in SQL, see apps/api/src/modules/views/status-sql.ts) and the screens.
 *
 * - notYetRequired: the period is Future.
 * - notStarted: no submission row, or a row with no revision yet (taking the lock creates the row).
 * - draft: the latest revision is a draft (saved, returned for correction, or a completed return being
 *   amended) while the organisation may still save.
 * - completed: while open, the latest revision is completed; once closed, any completed (official)
 *   revision stands, even if a later draft was started.
 * - missed: closed with no completed revision.
 *
 * "Closed" is per organisation: a manager's reopen (`reopenedUntil`) opens it again for that
 * organisation only, exactly as the submissions API decides whether it may save (submissionWindow).
 */
export interface SubmissionFacts {
  status: 'draft' | 'completed';
  currentRevisionId: number | null;
  officialRevisionId: number | null;
  reopenedUntil: string | Date | null;
}

/** The organisation's own window: the period's status, opened again by a per-organisation reopen. */
export function organisationWindowStatus(
  period: PeriodWindow,
  reopenedUntil: string | Date | null,
  at: Date,
): ReportingPeriodStatus {
  const status = periodStatus(period, at);
  if (status !== 'Closed') return status;
  return submissionWindow({ ...period, reopenedUntil }, at).isOpen ? 'Open' : 'Closed';
}

/** The organisation's status in the period at an instant; `submission` null when no row exists. */
export function submissionStatusAt(
  period: PeriodWindow,
  submission: SubmissionFacts | null,
  at: Date,
): Exclude<SubmissionStatus, 'none'> {
  const window = organisationWindowStatus(period, submission?.reopenedUntil ?? null, at);
  if (window === 'Future') return 'notYetRequired';
  const hasRevision = submission !== null && submission.currentRevisionId !== null;
  if (window === 'Closed') {
    const hasCompleted =
      submission !== null &&
      (submission.officialRevisionId !== null || (hasRevision && submission.status === 'completed'));
    return hasCompleted ? 'completed' : 'missed';
  }
  if (!hasRevision) return 'notStarted';
  return submission.status === 'completed' ? 'completed' : 'draft';
}

/** What a submitter sees for the period: Complete and Missed from the status, otherwise the window. */
export function displayStateFor(
  status: Exclude<SubmissionStatus, 'none'>,
  window: ReportingPeriodStatus,
): SubmissionDisplayState {
  if (status === 'completed') return 'Complete';
  if (status === 'missed') return 'Missed';
  return window;
}

/**
 * The instant the organisation's current or latest window ends: while open, the end of the window it
 * is in; once closed, the latest end already passed. A per-organisation reopen extends the first
 * window to `reopenedUntil` when that is later than the close.
 */
export function organisationDeadline(
  period: PeriodWindow,
  reopenedUntil: string | Date | null,
  at: Date,
): Date {
  const now = at.getTime();
  const close = instantMillis(period.submissionsClose);
  const windows = [
    {
      from: instantMillis(period.submissionsOpen),
      to: reopenedUntil === null ? close : Math.max(close, instantMillis(reopenedUntil)),
    },
  ];
  const { submissionsReopen: reopen, submissionsReclose: reclose } = period;
  if (period.ifSubmissionReopens !== false && reopen && reclose)
    windows.push({ from: instantMillis(reopen), to: instantMillis(reclose) });
  const current = windows.filter((w) => now >= w.from && now < w.to).map((w) => w.to);
  if (current.length > 0) return new Date(Math.max(...current));
  const passed = windows.filter((w) => w.to <= now).map((w) => w.to);
  return new Date(passed.length > 0 ? Math.max(...passed) : close);
}

const londonDay = (instant: Date | string) =>
  DateTime.fromISO(typeof instant === 'string' ? instant : instant.toISOString(), {
    zone: constants.timeZone,
  }).startOf('day');

/**
 * The deadline as a sentence fragment, counted in London calendar days: 'opens on 1 May 2026',
 * 'closes today', 'closes tomorrow', 'closes in 3 days', 'closed on 8 May 2026'. An exclusive midnight
 * close counts as the day before (the last day to submit), as the schedule screens show it.
 */
export function deadlineText(period: PeriodWindow, reopenedUntil: string | Date | null, at: Date): string {
  const window = organisationWindowStatus(period, reopenedUntil, at);
  if (window === 'Future') return `opens on ${formatLongDate(period.submissionsOpen)}`;
  const lastDay = lastDayToSubmit(organisationDeadline(period, reopenedUntil, at));
  if (window === 'Closed') return `closed on ${formatLongDate(lastDay)}`;
  const days = Math.round(
    DateTime.fromISO(lastDay, { zone: constants.timeZone }).diff(londonDay(at), 'days').days,
  );
  if (days <= 0) return 'closes today';
  if (days === 1) return 'closes tomorrow';
  return `closes in ${days} days`;
}
