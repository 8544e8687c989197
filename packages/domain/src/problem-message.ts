import type { ErrorCode } from './error-codes';
import { messages } from './messages';

// Kept apart from problem.ts and free of zod: the web client needs this on its first page, and zod
// is loaded only later (apps/web/README.md, "Loading").

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const isStringListRecord = (value: unknown): value is Record<string, string[]> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every(isStringList);

/**
 * The fields of problem details a client reads. `code` is typed from the catalogue but not checked
 * against it here (the catalogue stays out of the first bundle): a newer server's code falls through
 * a client's switch to its default.
 */
export interface ProblemFields {
  code?: ErrorCode;
  title?: string;
  detail?: string;
  errors?: Record<string, string[]>;
  additionalDetails?: string | string[];
}

/**
 * A body shaped like problem details with every field optional: the same test as
 * `problemSchema.partial().safeParse(body).success` (problem.ts), written out by hand, except that any
 * code is taken (see ProblemFields).
 */
export function problemOf(body: unknown): ProblemFields | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const optional = (value: unknown, test: (v: unknown) => boolean) => value === undefined || test(value);
  const valid =
    optional(b.type, isString) &&
    optional(b.code, isString) &&
    optional(b.title, isString) &&
    optional(b.status, Number.isSafeInteger) &&
    optional(b.detail, isString) &&
    optional(b.instance, isString) &&
    optional(b.errors, isStringListRecord) &&
    optional(b.additionalDetails, (v) => isString(v) || isStringList(v));
  return valid ? (b as ProblemFields) : null;
}

/**
 * The message a person sees for a failed call (specification, section 8): for 400 every message of
 * `errors` plus `additionalDetails`, joined with ', '; fixed texts for the other statuses.
 */
export function messageForFailure(status: number, body: unknown): string {
  switch (status) {
    case 400: {
      const parts: string[] = [];
      const problem = problemOf(body);
      if (problem) {
        for (const list of Object.values(problem.errors ?? {})) parts.push(...list);
        const extra = problem.additionalDetails;
        if (extra) parts.push(...(Array.isArray(extra) ? extra : [extra]));
      }
      return parts.length > 0 ? parts.join(', ') : messages.somethingWentWrongDot;
    }
    case 401:
      return messages.notAuthorised;
    case 403:
      return messages.forbidden;
    case 404:
      return messages.notFound;
    default:
      return messages.somethingWentWrong;
  }
}
