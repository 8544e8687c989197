import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from './errors';

/**
 * Double-submit CSRF protection (product decisions): the server sets a readable `XSRF-TOKEN` cookie;
 * every state-changing /v1/api call must echo it in `X-XSRF-TOKEN`, otherwise 403. A cross-site page
 * can make the browser send the cookie but cannot read it to copy into the header.
 */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean): void {
  if (request.cookies[CSRF_COOKIE]) return;
  reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
    path: '/',
    sameSite: 'strict',
    secure,
    httpOnly: false,
  });
}

export function checkCsrf(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string')
    throw forbidden('The anti-forgery token is missing', 'csrf_failed');
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  if (a.length !== b.length || !timingSafeEqual(a, b))
    throw forbidden('The anti-forgery token is not valid', 'csrf_failed');
}
