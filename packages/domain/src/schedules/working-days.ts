import Holidays from 'date-holidays';
import { fromDayNumber, isWeekendDayNumber, toDayNumber } from './calendar-date';

/**
 * Working days: Monday to Friday, except England and Wales bank holidays.
 *
 * The holiday list comes from date-holidays (GB, England), which computes Easter, the moved and
 * substitute days and the one-off days (jubilees, coronation, state funeral) for any year. Only
 * `type === 'public'` entries are bank holidays (the library also lists Mother's Day and the like).
 * A holiday falling on a weekend is listed as well as its weekday substitute, so we keep weekday entries
 * only: the weekend day is already not a working day, and keeping both would count one holiday twice.
 */

let calendar: Holidays | undefined;
const holidaysByYear = new Map<number, ReadonlySet<number>>();

/** Day numbers of the weekday bank holidays in `year`, computed once per year and kept. */
function bankHolidayDayNumbers(year: number): ReadonlySet<number> {
  const cached = holidaysByYear.get(year);
  if (cached) return cached;
  calendar ??= new Holidays('GB', 'ENG');
  const days = new Set<number>();
  for (const holiday of calendar.getHolidays(year)) {
    if (holiday.type !== 'public') continue;
    // `date` is the local date and time, e.g. "2026-12-28 00:00:00"; its first ten characters are the day.
    const dayNumber = toDayNumber(holiday.date.slice(0, 10));
    if (!isWeekendDayNumber(dayNumber)) days.add(dayNumber);
  }
  holidaysByYear.set(year, days);
  return days;
}

/** The weekday bank holidays of a year, as ISO dates in order. */
export function bankHolidays(year: number): string[] {
  return [...bankHolidayDayNumbers(year)].sort((a, b) => a - b).map(fromDayNumber);
}

export function isBankHolidayDayNumber(dayNumber: number): boolean {
  const year = new Date(dayNumber * 86_400_000).getUTCFullYear();
  return bankHolidayDayNumbers(year).has(dayNumber);
}

export function isWorkingDayNumber(dayNumber: number): boolean {
  return !isWeekendDayNumber(dayNumber) && !isBankHolidayDayNumber(dayNumber);
}

export function isWorkingDay(date: string): boolean {
  return isWorkingDayNumber(toDayNumber(date));
}

/**
 * The day number of the `count`-th counted day, counting `from` itself as the first candidate.
 * With `workingDaysOnly` only working days count; otherwise every day does (so the answer is
 * `from + count - 1`). `count` must be at least 1.
 *
 * `stopAfter` bounds the walk: once the candidate passes it the answer no longer matters to the caller
 * (it is beyond the 2040 cap), and returning early keeps a 32,767-day count cheap.
 */
export function nthCountedDay(
  from: number,
  count: number,
  workingDaysOnly: boolean,
  stopAfter = Infinity,
): number {
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`count must be a whole number >= 1: ${count}`);
  if (!workingDaysOnly) return from + count - 1;
  let day = from - 1;
  let counted = 0;
  while (counted < count) {
    day += 1;
    if (day > stopAfter) return day;
    if (isWorkingDayNumber(day)) counted += 1;
  }
  return day;
}

/** Working days from `from` to `to`, both included (0 when `to` is before `from`). */
export function countWorkingDays(from: string, to: string): number {
  let count = 0;
  for (let day = toDayNumber(from); day <= toDayNumber(to); day += 1) {
    if (isWorkingDayNumber(day)) count += 1;
  }
  return count;
}
