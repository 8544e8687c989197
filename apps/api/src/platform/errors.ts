import { messages, type Problem } from '@dcf/domain';

/**
 * The one error type of the API. Services throw it; the error handler turns it into RFC 9457
 * problem details. Codes are stable identifiers; titles are what a person reads.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly extra: Partial<Pick<Problem, 'errors' | 'additionalDetails' | 'detail'>> = {},
  ) {
    super(title);
  }

  toBody(instance?: string): Problem {
    return {
      type: 'about:blank',
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
  return new HttpProblem(400, 'Your request has errors', {
    errors,
    ...(additionalDetails ? { additionalDetails } : {}),
  });
}

export const unauthorised = () => new HttpProblem(401, messages.notAuthorised);
export const forbidden = (detail?: string) =>
  new HttpProblem(403, messages.forbidden, detail ? { detail } : {});
export const notFound = () => new HttpProblem(404, messages.notFound);
export const conflict = (title: string, detail?: string) =>
  new HttpProblem(409, title, detail ? { detail } : {});
