import { constants } from '../constants';
import type { PeriodType } from '../enums';
import { fromDayNumber, toDayNumber } from './calendar-date';
import { windowDays } from './deadlines';
import { startOfLondonDay } from './london-time';
import { periodName } from './period-names';
import { periodRanges } from './period-ranges';
import type { Schedule } from './schedule-schema';

/** A period as a schedule generates it. Dates are ISO calendar dates; instants are UTC ISO (`...Z`). */
export interface GeneratedPeriod {
  name: string;
  start: string;
  end: string;
  submissionsOpen: string;
  submissionsClose: string;
  submissionsReopen: string | null;
  submissionsReclose: string | null;
  ifSubmissionReopens: boolean;
}

/** The last day any generated date or instant may fall on (London), from the spec's year limit. */
const lastAllowedDay = toDayNumber(`${constants.maxYear}-12-31`);

/**
 * The reporting periods a schedule describes, in order. See period-ranges.ts for how each cycle lays out
 * its periods (and how an unaligned first start is snapped), period-names.ts for names and deadlines.ts
 * for when submissions open, close, reopen and reclose.
 *
 * Year cap: every date the product stores must pass "year <= 2040", so a period is generated only if its
 * whole submission window, up to its (re)close at 00:00 London, falls on or before 31/12/2040. Deadlines
 * only move later from one period to the next, so generation stops at the first period that does not fit.
 *
 * The schedule must already be valid (validateSchedule); an invalid day count throws a RangeError.
 */
export function generatePeriods(schedule: Schedule, periodType: PeriodType): GeneratedPeriod[] {
  const ranges = periodRanges(
    schedule.reportingCycle,
    periodType,
    schedule.firstReportingPeriodStart,
    schedule.lastReportingPeriodStart,
  );
  const periods: GeneratedPeriod[] = [];
  for (const range of ranges) {
    const days = windowDays(toDayNumber(range.end), schedule, lastAllowedDay);
    if ((days.reclose ?? days.close) > lastAllowedDay) break;
    periods.push({
      name: periodName(schedule.reportingCycle, periodType, range),
      start: range.start,
      end: range.end,
      submissionsOpen: startOfLondonDay(fromDayNumber(days.open)),
      submissionsClose: startOfLondonDay(fromDayNumber(days.close)),
      submissionsReopen: days.reopen === null ? null : startOfLondonDay(fromDayNumber(days.reopen)),
      submissionsReclose: days.reclose === null ? null : startOfLondonDay(fromDayNumber(days.reclose)),
      ifSubmissionReopens: days.reopen !== null,
    });
  }
  return periods;
}
