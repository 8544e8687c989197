import type { ReportingPeriodStatus, SubmissionDisplayState } from '../enums';
import { instantMillis } from './london-time';

/** The instants periodStatus needs; ISO text (as the API sends) or Date (as a database driver returns). */
export interface PeriodWindow {
  submissionsOpen: string | Date;
  submissionsClose: string | Date;
  submissionsReopen?: string | Date | null;
  submissionsReclose?: string | Date | null;
  /** When false the reopen instants are ignored, even if stored; when absent, their presence decides. */
  ifSubmissionReopens?: boolean;
}

/**
 * A period's status at an instant. Windows are half-open, matching how deadlines are generated
 * (deadlines.ts): Open from submissionsOpen up to but not including submissionsClose, and again from
 * submissionsReopen up to but not including submissionsReclose. Future before submissionsOpen;
 * Closed otherwise, including the gap between close and reopen.
 */
export function periodStatus(period: PeriodWindow, at: Date): ReportingPeriodStatus {
  const now = at.getTime();
  if (now < instantMillis(period.submissionsOpen)) return 'Future';
  if (now < instantMillis(period.submissionsClose)) return 'Open';
  const { submissionsReopen: reopen, submissionsReclose: reclose } = period;
  if (period.ifSubmissionReopens !== false && reopen && reclose) {
    if (now >= instantMillis(reopen) && now < instantMillis(reclose)) return 'Open';
  }
  return 'Closed';
}

/**
 * What a submitter or manager sees for one organisation's submission in a period.
 * - a completed submission shows Complete, whatever the period's status;
 * - otherwise an Open or Future period shows its status;
 * - a Closed period shows Missed when we know there is no completed submission (the product's
 *   definition of missed), and plain Closed when the caller does not say (`undefined`), for views
 *   that describe the period rather than one organisation's return.
 */
export function getSubmissionDisplayState(
  status: ReportingPeriodStatus,
  hasCompletedSubmission?: boolean,
): SubmissionDisplayState {
  if (hasCompletedSubmission === true) return 'Complete';
  if (status !== 'Closed') return status;
  return hasCompletedSubmission === false ? 'Missed' : 'Closed';
}
