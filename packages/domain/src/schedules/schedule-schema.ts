import { z } from 'zod';
import { constants } from '../constants';
import { reportingCycle } from '../enums';
import { messages } from '../messages';
import { dateFieldMessage, isoDateField } from './date-field';
import { type FieldErrors, fieldErrorsFromZod } from './field-errors';

/**
 * Not in the specification: a day count of 2.5 has no spec message, and calling it "less than 1" or
 * "required" would mislead. Kept here, beside the only rule that uses it.
 */
export const wholeNumberMessage = 'Enter a whole number';

/** The one message for a day count (daysOpen, reopenAfterDays, stayReopenForDays), or undefined. */
export function dayCountMessage(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return messages.required;
  if (typeof value !== 'number' || !Number.isFinite(value)) return messages.required;
  if (!Number.isInteger(value)) return wholeNumberMessage;
  if (value < 1) return messages.minimumOne;
  if (value > constants.maxDays) return messages.daysTooLarge;
  return undefined;
}

function dayCount() {
  return z.number({ error: messages.required }).superRefine((value, ctx) => {
    const message = dayCountMessage(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/** Reopening is optional: absent and null both mean "does not reopen". */
function optionalDayCount() {
  return dayCount().nullish();
}

/**
 * A schedule, fields exactly as the specification's Schedule entity. Cross-field rules:
 * - reopenAfterDays and stayReopenForDays come as a pair; the missing one says
 *   'You must provide this if the submission is to be reopened';
 * - lastReportingPeriodStart cannot be before firstReportingPeriodStart (the spec's period message
 *   'End date cannot be before Start date' is the nearest it has, so it is reused).
 */
export const scheduleSchema = z
  .object({
    reportingCycle: z.enum(reportingCycle.options, { error: messages.required }),
    firstReportingPeriodStart: isoDateField(),
    lastReportingPeriodStart: isoDateField(),
    daysOpen: dayCount(),
    includeWorkingDaysOnly: z.boolean({ error: messages.required }),
    reopenAfterDays: optionalDayCount(),
    stayReopenForDays: optionalDayCount(),
  })
  .superRefine((schedule, ctx) => {
    const hasReopen = schedule.reopenAfterDays != null;
    const hasStay = schedule.stayReopenForDays != null;
    if (hasReopen && !hasStay) {
      ctx.addIssue({ code: 'custom', path: ['stayReopenForDays'], message: messages.reopenRequired });
    }
    if (hasStay && !hasReopen) {
      ctx.addIssue({ code: 'custom', path: ['reopenAfterDays'], message: messages.reopenRequired });
    }
    const { firstReportingPeriodStart: first, lastReportingPeriodStart: last } = schedule;
    // Field refinements are continuable in zod 4, so the dates may still be invalid here.
    if (!dateFieldMessage(first) && !dateFieldMessage(last) && last < first) {
      ctx.addIssue({
        code: 'custom',
        path: ['lastReportingPeriodStart'],
        message: messages.periodEndBeforeStart,
      });
    }
  });

export type ScheduleInput = z.input<typeof scheduleSchema>;
export type Schedule = z.output<typeof scheduleSchema>;

/** Parses a schedule into either the typed value or field errors, ready for a 400 or inline messages. */
export function validateSchedule(
  input: unknown,
): { success: true; data: Schedule } | { success: false; errors: FieldErrors } {
  const result = scheduleSchema.safeParse(input);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, errors: fieldErrorsFromZod(result.error) };
}

/**
 * The specification's default placeholder values (section 9), used to pre-fill the default-schedule
 * form before a manager has saved one. Dates are ISO calendar dates, times London wall-clock.
 */
export const defaultSchedulePlaceholder = {
  start: '2015-01-01',
  end: '2015-01-01',
  submissionsReopen: '2015-02-01',
  submissionsReclose: '2015-02-01',
  openTime: '00:00:00',
  closeTime: '00:00:00',
  reopenTime: '00:00:00',
  recloseTime: '00:00:00',
  ifSubmissionReopens: false,
} as const;
