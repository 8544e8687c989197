import { messages } from '@dcf/domain';
import type { FastifyReply } from 'fastify';
import * as client from 'openid-client';
import { z } from 'zod';
import { escapeHtml, page } from '../../platform/auth/pages';
import { anonymousCsrfToken, CSRF_COOKIE, csrfCookieOptions } from '../../platform/csrf';
import { getFeatureFlags } from '../../platform/feature-flags';
import { access } from '../../platform/policy';
import type { RouteModule } from '../../platform/route-module';
import { createSession, endSession, SESSION_COOKIE, touchSession } from '../../platform/sessions';
import { bootstrapSuperAdministrator, isBootstrapEmail } from '../users/bootstrap';
import { createOidcClient, isProviderUnreachable } from './oidc-client';
import { identityFromClaims, safeReturnTo, signInUser } from './service';

/** Short-lived, signed cookie carrying state, nonce and PKCE verifier between Login and Callback. */
const AUTH_COOKIE = 'dcf_auth';
const AUTH_COOKIE_PATH = '/v1/api/Auth';

const authStateSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  returnTo: z.string(),
});

/** 503 page: the identity provider cannot be reached; signing in again later will work. */
function sendProviderUnavailable(reply: FastifyReply) {
  const title = 'Sign-in is not available';
  return reply
    .status(503)
    .header('retry-after', '30')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      page(
        title,
        `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(messages.signInServiceUnavailable)}</p>
        <p><a href="/v1/api/Auth/Login">Try signing in again</a></p>`,
      ),
    );
}

export const authRoutes: RouteModule = (app, { config, database }) => {
  const { db } = database;
  const oidc = createOidcClient(app, config);
  const signInRateLimit = { max: config.rateLimit.signInMax, timeWindow: '1 minute' };
  const sessionCookie = {
    path: '/',
    httpOnly: true,
    secure: config.session.secureCookie,
    sameSite: 'lax' as const,
  };

  app.get(
    '/Auth/Login',
    {
      config: { access: access.public, rateLimit: signInRateLimit },
      schema: {
        tags: ['Auth'],
        summary: 'Starts sign-in at the identity provider (authorisation code + PKCE)',
        querystring: z.object({ returnTo: z.string().optional() }),
      },
    },
    async (request, reply) => {
      let configuration: client.Configuration;
      try {
        configuration = await oidc.configuration();
      } catch (error) {
        if (!isProviderUnreachable(error)) throw error;
        request.log.warn({ err: error }, 'identity provider unreachable');
        return sendProviderUnavailable(reply);
      }
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const returnTo = safeReturnTo(request.query.returnTo);
      reply.setCookie(AUTH_COOKIE, JSON.stringify({ state, nonce, verifier, returnTo }), {
        ...sessionCookie,
        path: AUTH_COOKIE_PATH,
        maxAge: 600,
        signed: true,
      });
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: `${config.publicUrl}/v1/api/Auth/Callback`,
        scope: config.oidc.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return reply.header('cache-control', 'no-store').redirect(url.href);
    },
  );

  app.get(
    '/Auth/Callback',
    {
      config: { access: access.public, rateLimit: signInRateLimit },
      schema: { tags: ['Auth'], summary: 'The identity provider returns here with the code', hide: true },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const stored = readAuthCookie(request.cookies[AUTH_COOKIE]);
      reply.clearCookie(AUTH_COOKIE, { path: AUTH_COOKIE_PATH });
      const fail = (status: number, title: string, text: string) =>
        reply
          .status(status)
          .type('text/html; charset=utf-8')
          .send(
            page(
              title,
              `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>
              <p><a href="/v1/api/Auth/Login">Sign in again</a></p>`,
            ),
          );
      if (!stored)
        return fail(400, 'Sign-in could not be completed', 'Your sign-in expired. Please try again.');

      let claims: Record<string, unknown>;
      let idToken: string | null;
      try {
        const configuration = await oidc.configuration();
        const tokens = await client.authorizationCodeGrant(
          configuration,
          new URL(`${config.publicUrl}${request.url}`),
          {
            pkceCodeVerifier: stored.verifier,
            expectedState: stored.state,
            expectedNonce: stored.nonce,
            idTokenExpected: true,
          },
        );
        claims = { ...(tokens.claims() ?? {}) };
        idToken = tokens.id_token ?? null;
        // The email and the ODS code may be in the ID token or only in userinfo (providers differ):
        // ask userinfo when either is missing; the ID token's value wins where both have one.
        const missing = !claims.email || claims[config.oidc.odsClaim] === undefined;
        if (missing && configuration.serverMetadata().userinfo_endpoint) {
          const info = await client.fetchUserInfo(configuration, tokens.access_token, String(claims.sub));
          claims = { ...info, ...claims };
        }
      } catch (error) {
        if (isProviderUnreachable(error)) {
          request.log.warn({ err: error }, 'identity provider unreachable');
          return sendProviderUnavailable(reply);
        }
        request.log.warn({ err: error }, 'sign-in callback refused');
        return fail(400, 'Sign-in could not be completed', 'Something went wrong. Please try again.');
      }

      const outcome = await signInUser(db, identityFromClaims(claims, config), request.id);
      if (outcome.kind === 'notActive')
        return fail(
          403,
          'Your account cannot sign in',
          `Your account is not active (status: ${outcome.status}). Contact your administrator.`,
        );
      if (outcome.kind !== 'signedIn')
        return fail(
          403,
          'Your account cannot sign in',
          outcome.kind === 'noEmail'
            ? 'Your identity provider did not give an email address.'
            : 'Another account already uses your email address. Contact your administrator.',
        );

      // The first super administrator, when BOOTSTRAP_SUPER_ADMIN_EMAILS lists this person and there is
      // none yet (decision 0033); refused (and logged) once one exists.
      const email = typeof claims.email === 'string' ? claims.email : null;
      if (isBootstrapEmail(config.bootstrapSuperAdminEmails, email)) {
        const made = await bootstrapSuperAdministrator(db, email as string, 'sign-in');
        request.log.info(
          { userId: outcome.userId, outcome: made.kind },
          made.kind === 'made' ? 'super administrator bootstrapped at sign-in' : made.reason,
        );
      }

      // Rotation: the previous session (if any) ends; every sign-in gets a new token.
      if (request.session) await endSession(db, request.session.id);
      const flags = await getFeatureFlags(db, config);
      const { token, csrfToken } = await createSession(db, config, outcome.userId, {
        idToken,
        sessionManagement: flags.SESSIONMANAGEMENT,
      });
      reply.setCookie(SESSION_COOKIE, token, {
        ...sessionCookie,
        maxAge: config.session.absoluteHours * 3600,
      });
      // The anti-forgery token rotates with the session: the one from before sign-in is void.
      reply.setCookie(CSRF_COOKIE, csrfToken, csrfCookieOptions(config.session.secureCookie));
      return reply.redirect(stored.returnTo);
    },
  );

  app.post(
    '/Auth/Refresh',
    {
      config: { access: access.signedIn },
      schema: {
        tags: ['Auth'],
        summary: 'Stay signed in: pushes the idle expiry back',
        response: { 200: z.object({ expiresAt: z.string() }) },
      },
    },
    async (request) => {
      const flags = await getFeatureFlags(db, config);
      const expiresAt = await touchSession(db, config, request.session!, {
        sessionManagement: flags.SESSIONMANAGEMENT,
        force: true,
      });
      return { expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    '/Auth/EndSession',
    {
      config: { access: access.public },
      schema: { tags: ['Auth'], summary: 'Ends the session (idle expiry on the page)' },
    },
    async (request, reply) => {
      if (request.session) await endSession(db, request.session.id);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.setCookie(CSRF_COOKIE, anonymousCsrfToken(), csrfCookieOptions(config.session.secureCookie));
      return reply.status(204).send();
    },
  );

  app.post(
    '/Auth/Logout',
    {
      config: { access: access.public },
      schema: {
        tags: ['Auth'],
        summary: 'Signs out here and answers where to end the identity provider session',
        response: { 200: z.object({ redirectUrl: z.string().nullable() }) },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (session) await endSession(db, session.id);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.setCookie(CSRF_COOKIE, anonymousCsrfToken(), csrfCookieOptions(config.session.secureCookie));
      let redirectUrl: string | null = null;
      try {
        const configuration = await oidc.configuration();
        if (configuration.serverMetadata().end_session_endpoint) {
          redirectUrl = client.buildEndSessionUrl(configuration, {
            post_logout_redirect_uri: `${config.publicUrl}/logout`,
            ...(session?.idToken ? { id_token_hint: session.idToken } : {}),
          }).href;
        }
      } catch (error) {
        request.log.warn({ err: error }, 'identity provider unavailable at logout');
      }
      return { redirectUrl };
    },
  );

  function readAuthCookie(value: string | undefined) {
    if (!value) return null;
    const unsigned = app.unsignCookie(value);
    if (!unsigned.valid || !unsigned.value) return null;
    try {
      const parsed = authStateSchema.safeParse(JSON.parse(unsigned.value));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
};
