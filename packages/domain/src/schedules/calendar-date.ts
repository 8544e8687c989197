/**
 * Calendar dates as the app stores them: ISO `yyyy-MM-dd` strings with no time and no zone.
 *
 * Arithmetic goes through a "day number" (whole days since 1970-01-01) computed with Date.UTC, so
 * adding days can never be disturbed by a clock change: a calendar date has no clock. Turning a date
 * into an instant is london-time.ts's job.
 */

const msPerDay = 86_400_000;
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateParts {
  year: number;
  month: number; // 1-12
  day: number;
}

/** Splits a `yyyy-MM-dd` string that names a real calendar day; undefined for anything else (2026-02-30). */
export function parseIsoDate(value: string): DateParts | undefined {
  const match = isoDatePattern.exec(value);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== undefined;
}

export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function formatIsoDate({ year, month, day }: DateParts): string {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** Whole days since 1970-01-01. Throws on an invalid date: callers validate first. */
export function toDayNumber(value: string): number {
  const parts = parseIsoDate(value);
  if (!parts) throw new RangeError(`Not an ISO calendar date: ${value}`);
  return Date.UTC(parts.year, parts.month - 1, parts.day) / msPerDay;
}

export function fromDayNumber(dayNumber: number): string {
  const date = new Date(dayNumber * msPerDay);
  return formatIsoDate({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
  });
}

export function addDays(value: string, days: number): string {
  return fromDayNumber(toDayNumber(value) + days);
}

/** First day of the month `months` after the month of `value` (negative goes back). */
export function addMonthsToMonthStart(value: string, months: number): string {
  const { year, month } = mustParse(value);
  const index = year * 12 + (month - 1) + months;
  return formatIsoDate({ year: Math.floor(index / 12), month: (index % 12) + 1, day: 1 });
}

/** 0 = Sunday ... 6 = Saturday, as Date#getUTCDay. 1970-01-01 was a Thursday (4). */
export function weekdayOfDayNumber(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

export function isWeekendDayNumber(dayNumber: number): boolean {
  const weekday = weekdayOfDayNumber(dayNumber);
  return weekday === 0 || weekday === 6;
}

/** `dd/MM/yyyy`, the en-GB short date NHS teams write period names in. */
export function formatUkDate(value: string): string {
  const { year, month, day } = mustParse(value);
  return `${pad2(day)}/${pad2(month)}/${year}`;
}

export function mustParse(value: string): DateParts {
  const parts = parseIsoDate(value);
  if (!parts) throw new RangeError(`Not an ISO calendar date: ${value}`);
  return parts;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
