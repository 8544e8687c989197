import { DateTime } from 'luxon';
import { LogicNoResult } from './errors';
import type { Meter } from './meter';
import { toNumber } from './values';

/**
 * Form.io's date operations (`getDate`, `relativeMinDate`, `relativeMaxDate`), which @formio/core
 * implements with dayjs: dayjs reads any text the browser's Date can (different in each browser, and in
 * the server's time zone). Here a date is read from an ISO 8601 text only (a date, or a date and time
 * with or without an offset); one without an offset is a time in London, as every date the product
 * shows. Anything else gives no result, as dayjs's invalid date does in Form.io.
 */

const LONDON = { zone: 'Europe/London' };
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function readDate(value: unknown): DateTime {
  if (value === undefined) return DateTime.now();
  if (typeof value === 'number') return DateTime.fromMillis(value, LONDON);
  if (typeof value === 'string' && ISO_DATE.test(value))
    return DateTime.fromISO(value.replace(' ', 'T'), { ...LONDON, setZone: false });
  return DateTime.invalid('not a date');
}

function iso(date: DateTime): string {
  if (!date.isValid) throw new LogicNoResult('not a date');
  return date.toUTC().toISO() as string;
}

function days(value: unknown, meter: Meter): number {
  const n = Math.round(toNumber(value, meter));
  if (!Number.isFinite(n)) throw new LogicNoResult('not a number of days');
  return n;
}

export const dateOperations = {
  /** The date as an ISO text in UTC (`2026-10-15T00:00:00.000Z`). */
  getDate: ([value]: unknown[]) => iso(readDate(value)),
  /** Today in London, so many days ago (a minimum date `n` days back). */
  relativeMinDate: ([value]: unknown[], meter: Meter) =>
    iso(
      DateTime.now()
        .setZone(LONDON.zone)
        .minus({ days: days(value, meter) }),
    ),
  /** Today in London, so many days ahead. */
  relativeMaxDate: ([value]: unknown[], meter: Meter) =>
    iso(
      DateTime.now()
        .setZone(LONDON.zone)
        .plus({ days: days(value, meter) }),
    ),
};
