import { formatLongDate, formatMediumDateTime, formatWeekdayDate, toLondon } from '@dcf/domain';

/** Period start or end (a London calendar date): 1 April 2026. */
export const periodDate = (date: string) => formatLongDate(date);

/** When submissions open: 1 May 2026, 00:00 (London). */
export const openingTime = (instant: string | null) => (instant ? formatMediumDateTime(instant) : '');

/**
 * The deadline as a person reads it. Generated closes are exclusive instants (00:00 London on the day
 * after the last day), so those read "End of Friday 8 May 2026" instead of a midnight that reads as the
 * following day; any other time (a period entered by hand) is shown as it is: "8 May 2026, 17:00".
 */
export function deadline(instant: string | null): string {
  const close = toLondon(instant);
  if (!close) return '';
  const atMidnight = close.hour === 0 && close.minute === 0 && close.second === 0 && close.millisecond === 0;
  return atMidnight ? `End of ${formatWeekdayDate(close.minus({ days: 1 }))}` : formatMediumDateTime(close);
}
