import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from './errors';

/**
 * Anti-forgery (CSRF) protection (product decisions): the server sets a readable `XSRF-TOKEN` cookie;
 * every state-changing /v1/api call must echo it in `X-XSRF-TOKEN`, otherwise 403. A cross-site page
 * can make the browser send the cookie but cannot read it to copy into the header.
 *
 * The token is bound to the session (decision 0032): with a session, the only token accepted is the
 * session's own, an HMAC of the session's id under SESSION_SECRET (nothing stored; any instance works it
 * out), so a token planted in the cookie jar (a sibling subdomain can set cookies) or taken from another
 * session is refused. Sign-in starts a new session and so rotates it; sign-out sets a fresh one. Without
 * a session (sign-in pages, sign-out) it is the plain double-submit of a random cookie.
 */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The anti-forgery token of a session. */
export const csrfTokenFor = (secret: string, sessionId: string) =>
  createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url');

/** A random token, for a browser with no session. */
export const anonymousCsrfToken = () => randomBytes(24).toString('base64url');

export const csrfCookieOptions = (secure: boolean) =>
  ({ path: '/', sameSite: 'strict', secure, httpOnly: false }) as const;

/** Sets the cookie when it is missing, or (with a session) when it is not the session's token. */
export function ensureCsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
  sessionToken: string | null,
): void {
  const current = request.cookies[CSRF_COOKIE];
  if (sessionToken ? current === sessionToken : current) return;
  reply.setCookie(CSRF_COOKIE, sessionToken ?? anonymousCsrfToken(), csrfCookieOptions(secure));
}

/** 403 for a write whose header is not the session's token (or, with no session, not the cookie). */
export function checkCsrf(request: FastifyRequest, sessionToken: string | null): void {
  if (SAFE_METHODS.has(request.method)) return;
  const expected = sessionToken ?? request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!expected || typeof header !== 'string')
    throw forbidden('The anti-forgery token is missing', 'csrf_failed');
  const a = Buffer.from(expected);
  const b = Buffer.from(header);
  if (a.length !== b.length || !timingSafeEqual(a, b))
    throw forbidden('The anti-forgery token is not valid', 'csrf_failed');
}
