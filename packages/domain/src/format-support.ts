import { constants } from './constants';

/**
 * The date and time a person quotes to the support desk: 29/03/2026 14:05:09 (defaults to now).
 * Written with Intl rather than luxon: the error page needs it and sits in the web app's first bundle,
 * which stays free of luxon. format.test.ts holds it to the same Europe/London results as luxon.
 */
export function formatSupportDateTime(value: Date | number | string = new Date()): string {
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const parts: Record<string, string> = {};
  for (const part of supportFormatter().formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

let cachedSupportFormatter: Intl.DateTimeFormat | undefined;
function supportFormatter(): Intl.DateTimeFormat {
  cachedSupportFormatter ??= new Intl.DateTimeFormat(constants.displayLocale, {
    timeZone: constants.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return cachedSupportFormatter;
}
