import { constants } from '../constants';
import { messages } from '../messages';
import { dateFieldMessage } from './date-field';
import { addFieldError, type FieldErrors } from './field-errors';
import type { GeneratedPeriod } from './generate-periods';
import { londonToInstant, parseInstant } from './london-time';
import { normaliseTime, timeFieldMessage } from './time-string';

/**
 * A reporting period as a person enters it (API body or form), before validation; values are unknown
 * because they come straight from a request. `start` and `end` are `yyyy-MM-dd`.
 *
 * Each submissions field is either
 * - a `yyyy-MM-dd` date with its time in the matching time field (`openTime` for `submissionsOpen`, ...),
 *   read as London wall-clock time, as the period form sends it; or, when the time field is absent,
 * - an ISO date-time: with `Z` or an offset it is that instant, without one it is London wall-clock,
 *   and a bare date means 00:00 London.
 *
 * `ifSubmissionReopens`, when absent (the spec's API body has no such field), is true when either reopen
 * value is given.
 */
export interface ReportingPeriodInput {
  id?: unknown;
  name?: unknown;
  start?: unknown;
  end?: unknown;
  submissionsOpen?: unknown;
  submissionsClose?: unknown;
  submissionsReopen?: unknown;
  submissionsReclose?: unknown;
  ifSubmissionReopens?: unknown;
  openTime?: unknown;
  closeTime?: unknown;
  reopenTime?: unknown;
  recloseTime?: unknown;
}

/** The periods already in the collection, for the duplicate check. */
export interface ExistingPeriodDates {
  id: string | number;
  start: string;
  end: string;
}

/** A valid reporting period, normalised: the fields of a generated period (instants are UTC ISO, `...Z`). */
export type ReportingPeriodValues = GeneratedPeriod;

const instantFields = [
  ['submissionsOpen', 'openTime'],
  ['submissionsClose', 'closeTime'],
  ['submissionsReopen', 'reopenTime'],
  ['submissionsReclose', 'recloseTime'],
] as const;
type InstantField = (typeof instantFields)[number][0];

const isoDateTimePattern = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Every message the specification's section 5 gives for a reporting period, by field. Empty when valid.
 * Comparisons are between instants; "before start date" means before 00:00 London on the start date.
 * "Cannot be before" allows equal values; reopen and reclose must be strictly after.
 */
export function validateReportingPeriod(
  input: ReportingPeriodInput,
  existingPeriods: readonly ExistingPeriodDates[],
): FieldErrors {
  return readReportingPeriod(input, existingPeriods).errors;
}

/** The validated period with its instants worked out; throws if it is not valid (validate first). */
export function normaliseReportingPeriod(input: ReportingPeriodInput): ReportingPeriodValues {
  const { errors, values } = readReportingPeriod(input, []);
  if (!values) throw new RangeError(`Invalid reporting period: ${JSON.stringify(errors)}`);
  return values;
}

function readReportingPeriod(
  input: ReportingPeriodInput,
  existingPeriods: readonly ExistingPeriodDates[],
): { errors: FieldErrors; values?: ReportingPeriodValues } {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => addFieldError(errors, field, message);

  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) add('name', messages.required);

  const start = readDate(input.start, 'start', add);
  const end = readDate(input.end, 'end', add);
  if (start && end && end < start) add('end', messages.periodEndBeforeStart);
  if (start && end) {
    const duplicate = existingPeriods.some(
      (period) =>
        period.start === start && period.end === end && String(period.id) !== String(input.id ?? ''),
    );
    if (duplicate) add('start', messages.periodDuplicate);
  }

  const reopens = readReopens(input);
  const instants: Partial<Record<InstantField, number>> = {};
  for (const [field, timeField] of instantFields) {
    const isReopenField = field === 'submissionsReopen' || field === 'submissionsReclose';
    if (isReopenField && !reopens) continue;
    const missingMessage = isReopenField ? messages.reopenRequired : messages.required;
    const millis = readInstant(input[field], input[timeField], field, timeField, missingMessage, add);
    if (millis !== undefined) instants[field] = millis;
  }

  const startMillis = start ? Date.parse(londonToInstant(start)) : undefined;
  const { submissionsOpen: open, submissionsClose: close } = instants;
  const { submissionsReopen: reopen, submissionsReclose: reclose } = instants;
  if (startMillis !== undefined && open !== undefined && open < startMillis) {
    add('submissionsOpen', messages.periodOpenBeforeStart);
  }
  if (startMillis !== undefined && close !== undefined && close < startMillis) {
    add('submissionsClose', messages.periodCloseBeforeStart);
  }
  if (open !== undefined && close !== undefined && close < open) {
    add('submissionsClose', messages.periodCloseBeforeOpen);
  }
  if (close !== undefined && reopen !== undefined && reopen <= close) {
    add('submissionsReopen', messages.periodReopenNotAfterClose);
  }
  if (reopen !== undefined && reclose !== undefined && reclose <= reopen) {
    add('submissionsReclose', messages.periodRecloseNotAfterReopen);
  }

  if (Object.keys(errors).length > 0 || !start || !end || open === undefined || close === undefined) {
    return { errors };
  }
  const toIso = (millis: number | undefined) =>
    millis === undefined ? null : new Date(millis).toISOString();
  return {
    errors,
    values: {
      name,
      start,
      end,
      submissionsOpen: new Date(open).toISOString(),
      submissionsClose: new Date(close).toISOString(),
      submissionsReopen: reopens ? toIso(reopen) : null,
      submissionsReclose: reopens ? toIso(reclose) : null,
      ifSubmissionReopens: reopens,
    },
  };
}

function readReopens(input: ReportingPeriodInput): boolean {
  if (typeof input.ifSubmissionReopens === 'boolean') return input.ifSubmissionReopens;
  return !isBlank(input.submissionsReopen) || !isBlank(input.submissionsReclose);
}

function readDate(
  value: unknown,
  field: string,
  add: (field: string, message: string) => void,
): string | undefined {
  const message = dateFieldMessage(value);
  if (message) {
    add(field, message);
    return undefined;
  }
  return value as string;
}

/** Epoch milliseconds of one submissions field, or undefined after recording why it has none. */
function readInstant(
  value: unknown,
  time: unknown,
  field: string,
  timeField: string,
  missingMessage: string,
  add: (field: string, message: string) => void,
): number | undefined {
  if (isBlank(value)) {
    add(field, missingMessage);
    return undefined;
  }
  if (time !== undefined) {
    // Date and time entered separately: the date must be a calendar date, the time HH:mm[:ss].
    const dateMessage = dateFieldMessage(value);
    const timeMessage = timeFieldMessage(time);
    if (dateMessage) add(field, dateMessage);
    if (timeMessage) add(timeField, timeMessage);
    if (dateMessage || timeMessage) return undefined;
    return Date.parse(londonToInstant(value as string, normaliseTime(time as string)));
  }
  const parsed =
    typeof value === 'string' && isoDateTimePattern.test(value) ? parseInstant(value) : undefined;
  if (!parsed) {
    add(field, messages.invalidDate);
    return undefined;
  }
  if (parsed.year > constants.maxYear) {
    add(field, messages.yearTooLate);
    return undefined;
  }
  return parsed.toMillis();
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}
