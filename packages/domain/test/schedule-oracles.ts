import Holidays from 'date-holidays';

/**
 * Independent answers for the tests: built on Date, Intl and the holiday library directly, never on the
 * engine's own helpers, so a bug in a helper cannot agree with itself.
 */

const msPerDay = 86_400_000;

export function oracleAddDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * msPerDay).toISOString().slice(0, 10);
}

export function oracleDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / msPerDay);
}

const englandHolidays = new Holidays('GB', 'ENG');
const publicHolidayDates = new Map<number, Set<string>>();

/** Every `public` date the library lists for a year, weekend entries included. */
function publicHolidays(year: number): Set<string> {
  let dates = publicHolidayDates.get(year);
  if (!dates) {
    dates = new Set(
      englandHolidays
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    publicHolidayDates.set(year, dates);
  }
  return dates;
}

export function oracleIsWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !publicHolidays(Number(date.slice(0, 4))).has(date);
}

/** Working days from `from` to `to`, both included. */
export function oracleWorkingDays(from: string, to: string): number {
  let count = 0;
  for (let day = from; day <= to; day = oracleAddDays(day, 1)) if (oracleIsWorkingDay(day)) count += 1;
  return count;
}

const londonFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** London wall-clock reading of an instant, by the platform's own time-zone data (not luxon). */
export function oracleLondon(instant: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    londonFormat.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}
