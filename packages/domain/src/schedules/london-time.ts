import { DateTime } from 'luxon';
import { constants } from '../constants';
import { isIsoDate } from './calendar-date';

/**
 * London wall-clock time <-> UTC instants.
 *
 * Deadlines are agreed in London wall-clock terms ("00:00 on 1 May") and stored as UTC instants.
 * Converting through the Europe/London zone, rather than adding hours to a UTC value, is what keeps
 * a deadline at 00:00 London on both sides of the last Sundays of March and October.
 */

export const londonZone = constants.timeZone;

/** `HH:mm` or `HH:mm:ss` parts; callers validate the string with time-string.ts first. */
function timeParts(time: string): { hour: number; minute: number; second: number } {
  const [hour = 0, minute = 0, second = 0] = time.split(':').map(Number);
  return { hour, minute, second };
}

/**
 * The UTC instant (ISO, `...Z`, with milliseconds as Date#toISOString) of a London wall-clock time.
 * A time that does not exist in London (01:30 on the day the clocks go forward) moves forward an hour,
 * which is luxon's rule; 00:00, the time every generated deadline uses, always exists in London.
 */
export function londonToInstant(date: string, time = '00:00:00'): string {
  const [year, month, day] = date.split('-').map(Number);
  const instant = DateTime.fromObject({ year, month, day, ...timeParts(time) }, { zone: londonZone });
  if (!instant.isValid) throw new RangeError(`Not a London wall-clock time: ${date} ${time}`);
  return instant.toUTC().toISO();
}

const midnightCache = new Map<string, string>();

/**
 * 00:00 London at the start of `date`, as a UTC instant. Remembered per date: a schedule of ten years of
 * daily periods asks for the same few thousand midnights several times each, and each zone lookup costs.
 */
export function startOfLondonDay(date: string): string {
  let instant = midnightCache.get(date);
  if (instant === undefined) {
    instant = londonToInstant(date, '00:00:00');
    midnightCache.set(date, instant);
  }
  return instant;
}

/** The London calendar date and wall-clock time (`HH:mm:ss`) of an instant. */
export function instantToLondon(instant: string | Date): { date: string; time: string } {
  const local = toDateTime(instant).setZone(londonZone);
  return { date: local.toFormat('yyyy-MM-dd'), time: local.toFormat('HH:mm:ss') };
}

/**
 * Reads an instant written as ISO 8601. A value with an offset or `Z` is that instant; a value without
 * one (`2026-05-01` or `2026-05-01T09:30`) is read as London wall-clock time, because that is what a
 * person typing it means. Undefined when it is not a valid ISO value.
 */
export function parseInstant(value: string): DateTime | undefined {
  const parsed = DateTime.fromISO(value, { zone: londonZone, setZone: false });
  return parsed.isValid ? parsed : undefined;
}

/** ISO date-time text that names its own offset, which Date.parse reads exactly and quickly. */
const absoluteIsoPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Epoch milliseconds of an instant given as ISO text or a Date. Throws on invalid text. */
export function instantMillis(instant: string | Date): number {
  if (instant instanceof Date) return instant.getTime();
  // The fast path matters to the diff, which compares thousands of stored instants.
  // Date.parse rolls 30 February over to March and accepts 24:00, so those are checked first.
  if (absoluteIsoPattern.test(instant) && isIsoDate(instant.slice(0, 10)) && instant.slice(11, 13) < '24') {
    const millis = Date.parse(instant);
    if (!Number.isNaN(millis)) return millis;
  }
  return toDateTime(instant).toMillis();
}

/**
 * The last London calendar day on which a submission is still accepted, for a close instant.
 * Generated closes are exclusive (00:00 on the following day), so the UI can say "by the end of
 * Friday 08/05/2026" rather than show a midnight that reads as the day after.
 */
export function lastDayToSubmit(submissionsClose: string | Date): string {
  return instantToLondon(new Date(instantMillis(submissionsClose) - 1)).date;
}

function toDateTime(instant: string | Date): DateTime {
  const value = instant instanceof Date ? DateTime.fromJSDate(instant) : parseInstant(instant);
  if (!value?.isValid) throw new RangeError(`Not an instant: ${String(instant)}`);
  return value;
}
