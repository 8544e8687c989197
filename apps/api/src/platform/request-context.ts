import { messages } from '@dcf/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { findTokenPrincipal, presentedToken, recordTokenUse } from './access-tokens';
import { checkCsrf, csrfTokenFor, ensureCsrfCookie } from './csrf';
import { HttpProblem, notFound, unauthorised } from './errors';
import { getFeatureFlags } from './feature-flags';
import { type AccessRule, type Locate, tokenDecision } from './policy';
import { findSessionPrincipal, type Principal } from './principal';
import { type ActiveSession, SESSION_COOKIE, touchSession } from './sessions';
import { traceUser } from './trace-attributes';

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
    principal: Principal | null;
    /** What the route's scoped access rule located, for the handler (`locatedBy` in policy.ts). */
    located: { locate: Locate<unknown>; scope: unknown } | null;
    /** An Authorization header with no live token: refused in preValidation (see onRequest). */
    tokenRefused: boolean;
  }
}

export const API_PREFIX = '/v1/api';

/** One registered /v1/api route and the access rule it declared. */
export interface ApiRoute {
  method: string;
  url: string;
  access: AccessRule;
}
const registeredRoutes = new WeakMap<FastifyInstance, ApiRoute[]>();

/** Every /v1/api route of an app, as registered: the authorisation matrix and CSRF tests are built from it. */
export function apiRoutesOf(app: FastifyInstance): readonly ApiRoute[] {
  return registeredRoutes.get(app) ?? [];
}

/** The principal of a request whose route rule already demanded sign-in. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorised();
  return request.principal;
}

/**
 * Wires sessions, CSRF and the permission policy into every /v1/api request:
 * - at registration, a route without `config.access` is refused (so nothing is left unguarded);
 * - onRequest: a personal access token (Authorization header) -> principal, cookies ignored and no CSRF
 *   check (a token is not sent by a browser on its own, so it cannot be forged across sites); otherwise
 *   CSRF check for writes, session cookie -> session -> principal;
 * - preValidation: what a token may do (policy.ts, tokenDecision), then the route's access rule
 *   (401 / 403 / 404 before any body validation).
 */
/** What a 401 to a token request asks for (Excel and Power BI then offer Basic: email and token). */
export const TOKEN_CHALLENGE = 'Bearer, Basic realm="Data Collection Framework"';

export function installRequestContext(app: FastifyInstance, deps: { db: Db; config: Config }): void {
  const { db, config } = deps;
  app.decorateRequest('session', null);
  app.decorateRequest('principal', null);
  app.decorateRequest('located', null);
  app.decorateRequest('tokenRefused', false);

  const routes: ApiRoute[] = [];
  registeredRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX) || route.method === 'HEAD') return;
    if (!route.config?.access)
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url, access: route.config.access });
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(API_PREFIX)) return;
    const presented = presentedToken(request.headers.authorization);
    if (presented) {
      const principal = presented === 'malformed' ? null : await findTokenPrincipal(db, presented);
      if (!principal) {
        // Refused in preValidation, not here: the rate limit is a route's onRequest hook, run after this
        // app-wide one, so a refusal thrown here was never counted and made-up tokens were unlimited.
        request.tokenRefused = true;
        return;
      }
      request.principal = principal;
      traceUser(principal.userId);
      await recordTokenUse(db, principal, request);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    const found = token ? await findSessionPrincipal(db, token) : null;
    // The anti-forgery token is the session's own (csrf.ts), checked before anything else is done.
    const csrfToken = found ? csrfTokenFor(config.session.secret, found.session.id) : null;
    ensureCsrfCookie(request, reply, config.session.secureCookie, csrfToken);
    checkCsrf(request, csrfToken);
    if (!found) return;
    const { session, principal } = found;
    request.session = session;
    request.principal = principal;
    traceUser(principal.userId);
    const flags = await getFeatureFlags(db, config);
    await touchSession(db, config, session, { sessionManagement: flags.SESSIONMANAGEMENT });
  });

  app.addHook('preValidation', async (request, reply) => {
    if (request.tokenRefused) {
      reply.header('www-authenticate', TOKEN_CHALLENGE);
      throw new HttpProblem('token_invalid', messages.notAuthorised);
    }
    const rule = request.routeOptions.config.access as AccessRule | undefined;
    if (!rule) return;
    if (request.principal?.token) {
      const refused = tokenDecision(
        request.principal.token,
        request.method,
        rule,
        request.routeOptions.config,
      );
      if (refused === 'hidden') throw notFound();
      if (refused === 'deny')
        throw new HttpProblem('token_not_allowed', 'Forbidden', {
          detail: 'An access token with this scope may not do this',
        });
    }
    if (!rule.requiresSignIn) return;
    if (!request.principal) throw unauthorised();
    const decision = await rule.decide({ principal: request.principal, request, db });
    if (decision === 'hidden') throw notFound();
    if (decision === 'deny')
      throw new HttpProblem('forbidden', 'Forbidden', { detail: 'You do not have permission to do this' });
  });
}
