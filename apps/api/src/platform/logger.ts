import type { FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from '../config';
import { redactUrl } from './redact-url';

/**
 * The one logger (pino JSON lines on stdout), for the server's start and for every request (decision
 * 0033). What must never reach a log line (issue 27; a test reads every line of a sign-in, an upload,
 * a download and a save):
 * - the OIDC authorisation code and state of the callback, and any signature of a signed URL: query
 *   values with those names are replaced (redact-url.ts);
 * - cookies and the anti-forgery header (redacted);
 * - answers: request and response bodies are never logged.
 */
export const loggerOptions = (config: Config): pino.LoggerOptions => ({
  level: config.logLevel,
  redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers.authorization'],
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
});

export function createLogger(config: Config): Logger {
  return pino(config.logLevel === 'silent' ? { level: 'silent' } : loggerOptions(config));
}
