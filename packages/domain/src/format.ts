import { DateTime } from 'luxon';
import { constants } from './constants';

/**
 * Display formatting for dates and times. Everything a person reads is shown in Europe/London
 * (specification, sections 1 and 9), whatever the time zone of the browser or server, and in en-GB.
 *
 * Accepted input: a `Date`, epoch milliseconds, a luxon `DateTime`, or an ISO 8601 string. An ISO string
 * with an offset or `Z` is an instant; one without (such as `2026-04-01` or `2026-04-01T09:00`) is read
 * as London wall-clock time, which is how calendar dates (period start and end) are stored.
 * Empty or invalid input formats as an empty string rather than "Invalid DateTime".
 */
export type DateInput = Date | number | string | DateTime | null | undefined;

/**
 * The display patterns (luxon tokens), so every screen spells a date the same way: one date style,
 * the month in words (GOV.UK and NHS.UK style, "4 December 2026"; decision 0037). The short numeric
 * date is for what a person may have to type back or quote (the support desk's reference), never for
 * showing a date.
 */
export const dateFormats = {
  /** 29/03/2026 */
  shortDate: 'dd/MM/yyyy',
  /** 29 March 2026, 14:05 */
  mediumDateTime: 'd MMMM yyyy, HH:mm',
  /** 29 March 2026 at 14:05:09 */
  longDateTime: "d MMMM yyyy 'at' HH:mm:ss",
  /** 29 March 2026 */
  longDate: 'd MMMM yyyy',
  /** Sunday 29 March 2026 */
  weekdayDate: 'EEEE d MMMM yyyy',
} as const;

/** The input as a luxon DateTime in Europe/London with the en-GB locale, or null when empty or invalid. */
export function toLondon(value: DateInput): DateTime | null {
  if (value === null || value === undefined || value === '') return null;
  const zone = constants.timeZone;
  let parsed: DateTime;
  if (DateTime.isDateTime(value)) parsed = value.setZone(zone);
  else if (value instanceof Date) parsed = DateTime.fromJSDate(value, { zone });
  else if (typeof value === 'number') parsed = DateTime.fromMillis(value, { zone });
  else parsed = DateTime.fromISO(value.trim(), { zone, setZone: false });
  return parsed.isValid ? parsed.setLocale(constants.displayLocale) : null;
}

function formatWith(pattern: string, value: DateInput): string {
  return toLondon(value)?.toFormat(pattern) ?? '';
}

/** Short numeric date: 29/03/2026. */
export function formatShortDate(value: DateInput): string {
  return formatWith(dateFormats.shortDate, value);
}

/** Medium date with short time: 29 March 2026, 14:05. */
export function formatMediumDateTime(value: DateInput): string {
  return formatWith(dateFormats.mediumDateTime, value);
}

/** Long date with medium time: 29 March 2026 at 14:05:09. */
export function formatLongDateTime(value: DateInput): string {
  return formatWith(dateFormats.longDateTime, value);
}

/** Long date: 29 March 2026. */
export function formatLongDate(value: DateInput): string {
  return formatWith(dateFormats.longDate, value);
}

/** Date with its weekday: Sunday 29 March 2026. */
export function formatWeekdayDate(value: DateInput): string {
  return formatWith(dateFormats.weekdayDate, value);
}

/**
 * The date and time a person quotes to the support desk: 29/03/2026 14:05:09. It lives in its own
 * module without luxon, because the error page in the app's first bundle needs it.
 */
export { formatSupportDateTime } from './format-support';
