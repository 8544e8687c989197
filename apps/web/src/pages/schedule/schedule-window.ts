import { constants, type ReportingPeriodStatus } from '@dcf/domain';

/** What the window needs of a period: when it opens, and its status now (as the API reports it). */
export interface WindowPeriod {
  submissionsOpen: string;
  reportingPeriodStatus: ReportingPeriodStatus;
}

export interface ScheduleWindow<T> {
  visible: T[];
  /** How many periods are still hidden before / after the visible ones. */
  hiddenEarlier: number;
  hiddenLater: number;
}

/** Periods sorted by submissionsOpen (ties by the original order), a new array. */
export function sortBySubmissionsOpen<T extends WindowPeriod>(periods: readonly T[]): T[] {
  return periods
    .map((period, index) => ({ period, index, at: Date.parse(period.submissionsOpen) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ period }) => period);
}

/**
 * The indices [from, to) shown before any 'Show earlier' / 'Show later': every open period (from the
 * first to the last, in submissionsOpen order). When none is open, the two nearest now: the last closed
 * period and the first future one (either may be missing).
 */
export function initialRange(sorted: readonly WindowPeriod[]): { from: number; to: number } {
  const open = sorted.flatMap((p, i) => (p.reportingPeriodStatus === 'Open' ? [i] : []));
  if (open.length > 0) return { from: open[0] as number, to: (open[open.length - 1] as number) + 1 };
  let firstFuture = sorted.findIndex((p) => p.reportingPeriodStatus === 'Future');
  if (firstFuture === -1) firstFuture = sorted.length;
  return { from: Math.max(0, firstFuture - 1), to: Math.min(sorted.length, firstFuture + 1) };
}

/**
 * The schedule view's window (specification, section 2): sorted by submissionsOpen, the open periods
 * shown and earlier and later ones hidden; each 'Show earlier' / 'Show later' reveals `step` more.
 */
export function scheduleWindow<T extends WindowPeriod>(
  periods: readonly T[],
  earlierClicks: number,
  laterClicks: number,
  step: number = constants.showEarlierLaterStep,
): ScheduleWindow<T> {
  const sorted = sortBySubmissionsOpen(periods);
  const { from, to } = initialRange(sorted);
  const start = Math.max(0, from - earlierClicks * step);
  const end = Math.min(sorted.length, to + laterClicks * step);
  return {
    visible: sorted.slice(start, end),
    hiddenEarlier: start,
    hiddenLater: sorted.length - end,
  };
}
