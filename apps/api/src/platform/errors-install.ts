import { messages } from '@dcf/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { HttpProblem, validationProblem } from './errors';
import { TOKEN_CHALLENGE } from './request-context';

/**
 * Maps PostgreSQL errors caused by the request's data to user errors (never a 500 with SQL in it):
 * constraint violations, and every data exception (class 22: out-of-range numbers 22003, bad dates
 * 22007/22008, text PostgreSQL cannot store 22P05/22021, ...) and program limit (class 54: a value
 * too big for an index, too deep a statement) that input the boundary let through can still cause.
 */
function fromDatabaseError(error: { code?: string; constraint?: string }): HttpProblem | null {
  const code = typeof error.code === 'string' ? error.code : '';
  switch (code) {
    case '23505':
      return new HttpProblem('already_exists', 'This record already exists', { detail: error.constraint });
    case '23503':
      return new HttpProblem(
        'still_in_use',
        'This record is still in use or refers to a record that does not exist',
      );
    case '23514':
    case '23502':
      return validationProblem({}, messages.somethingWentWrongDot);
    default:
      if (/^(22|54)[0-9A-Z]{3}$/.test(code)) return validationProblem({}, messages.valueOutOfRange);
      return null;
  }
}

const ODATA_PATH = '/v1/api/OData/';

/**
 * A problem as the client reads it. On the OData feed the same body also carries OData's own error
 * object (`error.code`, `error.message`: what Power BI and Excel show), as JSON (decision 0040).
 */
function sendProblem(url: string, reply: FastifyReply, problem: HttpProblem) {
  const path = url.split('?')[0] ?? '';
  const body = problem.toBody(path);
  if (!path.startsWith(ODATA_PATH))
    return reply.status(problem.status).type('application/problem+json').send(body);
  const error = { code: problem.code, message: problem.extra.detail ?? problem.title };
  // Power BI and Excel offer Basic (email and token) when the 401 names it, as token requests' 401s do.
  if (problem.status === 401 && !reply.hasHeader('www-authenticate'))
    reply.header('www-authenticate', TOKEN_CHALLENGE);
  return reply
    .status(problem.status)
    .header('odata-version', '4.0')
    .type('application/json')
    .send({ error, ...body });
}

/** The one error handler: every failure leaves as RFC 9457 problem details. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string; constraint?: string }, request, reply) => {
    let problem: HttpProblem;
    if (error instanceof HttpProblem) {
      problem = error;
    } else if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
      // A malformed id in the path names no record: same answer as an unknown one.
      problem = new HttpProblem('not_found', messages.notFound);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          (issue.params?.missingProperty as string) ||
          'request';
        const list = errors[field] ?? [];
        list.push(issue.message ?? messages.somethingWentWrongDot);
        errors[field] = list;
      }
      problem = validationProblem(errors);
    } else if (error.statusCode === 429) {
      problem = new HttpProblem('rate_limited', 'Too many requests, please wait a moment and try again');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      problem =
        error.statusCode === 400
          ? validationProblem({}, 'The request body could not be read')
          : error.statusCode === 413
            ? new HttpProblem('payload_too_large', messages.requestTooLarge)
            : new HttpProblem('request_not_accepted', messages.somethingWentWrong, {}, error.statusCode);
    } else if (isDatabaseUnavailable(error)) {
      // The database is restarting or unreachable: a retry will work once it is back (decision 0018).
      problem = new HttpProblem('database_unavailable', messages.serviceUnavailable);
      reply.header('retry-after', '5');
    } else {
      problem = fromDatabaseError(error) ?? new HttpProblem('internal_error', messages.somethingWentWrong);
    }
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status: problem.status, code: problem.code }, 'request refused');
    void sendProblem(request.url, reply, problem);
  });

  app.setNotFoundHandler((request, reply) => {
    void sendProblem(request.url, reply, new HttpProblem('not_found', messages.notFound));
  });
}
