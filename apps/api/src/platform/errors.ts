import { type ErrorCode, errorCodes, messages, type Problem, problemType } from '@dcf/domain';

/**
 * The one error type of the API. Services throw it; the error handler turns it into RFC 9457
 * problem details. The code (packages/domain/src/error-codes.ts) is what clients switch on and sets
 * the status; the title is what a person reads.
 */
export class HttpProblem extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly title: string,
    readonly extra: Partial<Pick<Problem, 'errors' | 'additionalDetails' | 'detail'>> = {},
    /** Only for statuses another layer chose (Fastify's own client errors); else the code's. */
    status: number = errorCodes[code].status,
  ) {
    super(title);
    this.status = status;
  }

  toBody(instance?: string): Problem {
    return {
      type: problemType(this.code),
      code: this.code,
      title: this.title,
      status: this.status,
      ...this.extra,
      ...(instance ? { instance } : {}),
    };
  }
}

/** 400 with field messages, e.g. `validationProblem({ name: [messages.organisationNameTooShort] })`. */
export function validationProblem(
  errors: Record<string, string[]>,
  additionalDetails?: string | string[],
): HttpProblem {
  return new HttpProblem('validation_failed', 'Your request has errors', {
    errors,
    ...(additionalDetails ? { additionalDetails } : {}),
  });
}

/** The codes whose status is 409: `conflict` takes one of them, so a conflict always names its reason. */
type ConflictCode = { [C in ErrorCode]: (typeof errorCodes)[C]['status'] extends 409 ? C : never }[ErrorCode];

export const unauthorised = () => new HttpProblem('sign_in_required', messages.notAuthorised);
export const forbidden = (
  detail?: string,
  code: 'forbidden' | 'csrf_failed' | 'link_expired' = 'forbidden',
) => new HttpProblem(code, messages.forbidden, detail ? { detail } : {});
export const notFound = () => new HttpProblem('not_found', messages.notFound);
export const conflict = (code: ConflictCode, title: string, detail?: string) =>
  new HttpProblem(code, title, detail ? { detail } : {});
