import { nthCountedDay } from './working-days';

/** How a schedule counts days after a period ends. */
export interface DayCounting {
  daysOpen: number;
  includeWorkingDaysOnly: boolean;
  reopenAfterDays?: number | null | undefined;
  stayReopenForDays?: number | null | undefined;
}

/** Day numbers (see calendar-date.ts) of the London midnights that start and end each window. */
export interface WindowDays {
  open: number;
  close: number;
  reopen: number | null;
  reclose: number | null;
}

/**
 * The submission window for a period ending on day `periodEnd`. Every boundary is 00:00 London on a day,
 * and every window is half-open: open from its start instant, closed from its end instant.
 *
 * - Open: 00:00 on the day after the period ends (whatever day of the week that is).
 * - Close: "open for N days" means the deadline is the END of the N-th day, counting the opening day as
 *   day 1. The stored close is therefore 00:00 on the day after the N-th day: a submission at 23:59:59 on
 *   the N-th day is on time, one at 00:00 is not, and no second is lost to a 23:59:59 convention.
 *   With includeWorkingDaysOnly only working days count (Mon-Fri, not England and Wales bank
 *   holidays): a period ending Thursday 30/04/2026 with 5 working days opens Friday 01/05, skips the
 *   weekend and the bank holiday on Monday 04/05, has its 5th working day on Friday 08/05 and closes at
 *   00:00 on Saturday 09/05.
 * - Reopen: the submission stays closed for reopenAfterDays days, counted the same way starting with the
 *   day it closed, and reopens at 00:00 on the day after the last of them. In calendar days that is
 *   simply close + reopenAfterDays days.
 * - Reclose: it then stays open for stayReopenForDays days, counted the same way starting with the day it
 *   reopened, and recloses at 00:00 on the day after the last of them.
 * One counting rule for all three keeps the schedule form honest: "working days only" applies to every
 * number of days on it.
 *
 * `stopAfter` lets the count give up once past the last day the caller can use (the 2040 cap).
 */
export function windowDays(periodEnd: number, counting: DayCounting, stopAfter = Infinity): WindowDays {
  const workingOnly = counting.includeWorkingDaysOnly;
  const open = periodEnd + 1;
  const close = nthCountedDay(open, counting.daysOpen, workingOnly, stopAfter) + 1;
  const { reopenAfterDays, stayReopenForDays } = counting;
  if (reopenAfterDays == null || stayReopenForDays == null || close > stopAfter) {
    return { open, close, reopen: null, reclose: null };
  }
  const reopen = nthCountedDay(close, reopenAfterDays, workingOnly, stopAfter) + 1;
  const reclose = nthCountedDay(reopen, stayReopenForDays, workingOnly, stopAfter) + 1;
  return { open, close, reopen, reclose };
}
