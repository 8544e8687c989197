import { formatMediumDateTime, formatShortDate, formatWeekdayDate } from '@dcf/domain';

/** Period start or end (a London calendar date): 01/04/2026. */
export const periodDate = (date: string) => formatShortDate(date);

/** When submissions open: 1 May 2026, 00:00 (London). */
export const openingTime = (instant: string | null) => (instant ? formatMediumDateTime(instant) : '');

/**
 * The deadline as a person reads it. Closes are exclusive instants (00:00 London on the day after the
 * last day), so "End of Fri 8 May 2026" says the last day to submit instead of a midnight that reads as
 * the following day.
 */
export function deadline(instant: string | null): string {
  if (!instant) return '';
  const lastMoment = Date.parse(instant) - 1;
  return Number.isNaN(lastMoment) ? '' : `End of ${formatWeekdayDate(lastMoment)}`;
}
