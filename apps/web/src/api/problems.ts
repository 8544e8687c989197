import { type ErrorCode, errorCodes } from '@dcf/domain/error-codes';
import { problemOf } from '@dcf/domain/problem-message';
import { errorMessage, isApiError } from './client';

// The one place the web app reads a failed call's problem details: it switches on the stable `code`
// (packages/domain/src/error-codes.ts), never on a title. Titles and details are only shown. Pages load
// it, not the first bundle, so the catalogue stays out of the latter.

/** A conflict (409): its title says what is in the way, its detail (when there is one) what to do. */
const isConflict = (code: string) =>
  Object.hasOwn(errorCodes, code) && errorCodes[code as ErrorCode].status === 409;

type Reading =
  | { kind: 'fields'; errors: Record<string, string[]> }
  | { kind: 'conflict'; title: string; detail?: string }
  | { kind: 'refused'; detail?: string }
  | { kind: 'other' };

/** What kind of failure this is, by its code. */
function read(error: unknown): Reading {
  if (!isApiError(error) || error.code === undefined) return { kind: 'other' };
  const problem = problemOf(error.body);
  switch (error.code) {
    case 'validation_failed': {
      const errors = problem?.errors;
      return errors && Object.keys(errors).length > 0 ? { kind: 'fields', errors } : { kind: 'other' };
    }
    case 'forbidden':
      return { kind: 'refused', detail: problem?.detail };
    case 'form_cannot_be_checked': // the form's rules ran over their budget: one line that says where, and who can mend it
      return problem?.title
        ? { kind: 'conflict', title: problem.detail ? `${problem.title}. ${problem.detail}` : problem.title }
        : { kind: 'other' };
    case 'file_too_large_unpacked': // what is in the way (a file too large once opened), and which part
      return problem?.title
        ? { kind: 'conflict', title: problem.title, detail: problem.detail }
        : { kind: 'other' };
    default:
      return isConflict(error.code) && problem?.title
        ? { kind: 'conflict', title: problem.title, detail: problem.detail }
        : { kind: 'other' };
  }
}

/** True when the failure carries one of these codes, e.g. `hasCode(error, 'stale_revision')`. */
export function hasCode(error: unknown, ...codes: ErrorCode[]): boolean {
  return isApiError(error) && error.code !== undefined && codes.includes(error.code);
}

/** The failure's stable code, if the server gave one (a thrown value that is not an API failure has none). */
export function codeOf(error: unknown): ErrorCode | undefined {
  return isApiError(error) ? error.code : undefined;
}

/** Field messages of a validation failure (`errors: {fieldKey: [message]}`), or null. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> | null {
  const reading = read(error);
  return reading.kind === 'fields' ? reading.errors : null;
}

/**
 * One line for a failed call: a conflict's title ('Locked by NAME since HH:mm', 'This reporting period
 * is closed'...), a refusal's reason ('Only an authoriser can submit this return'), else the client's
 * message for the status.
 */
export function problemText(error: unknown): string {
  const reading = read(error);
  if (reading.kind === 'conflict') return reading.title;
  if (reading.kind === 'refused' && reading.detail) return reading.detail;
  return errorMessage(error);
}

/**
 * Every message for a failed call: a validation failure's field messages (the completeness messages
 * when publishing), a conflict's title and detail (why, and what to do), else the client's message.
 */
export function problemMessages(error: unknown): string[] {
  const reading = read(error);
  if (reading.kind === 'fields') return Object.values(reading.errors).flat();
  if (reading.kind === 'conflict') return reading.detail ? [reading.title, reading.detail] : [reading.title];
  return [errorMessage(error)];
}
