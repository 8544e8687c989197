import { z } from 'zod';
import { constants } from '../constants';
import { messages } from '../messages';
import { parseIsoDate } from './calendar-date';

/**
 * The one message a calendar-date field shows, or undefined when it is fine.
 * Order matters: an empty field asks to be filled in, not for a valid date.
 */
export function dateFieldMessage(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return messages.required;
  if (typeof value !== 'string') return messages.invalidDate;
  const parts = parseIsoDate(value);
  if (!parts) return messages.invalidDate;
  if (parts.year > constants.maxYear) return messages.yearTooLate;
  return undefined;
}

/** A required `yyyy-MM-dd` field: a real calendar day, year at most 2040, spec messages only. */
export function isoDateField() {
  return z.string({ error: messages.required }).superRefine((value, ctx) => {
    const message = dateFieldMessage(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}
