import { createHmac, generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { demoIdpId, demoUsers } from '../../db/seed/demo-users';
import { DatabaseOidcAdapter } from './oidc-adapter';
import { escapeHtml, page } from './pages';

/**
 * The built-in development identity provider: a real, certified OpenID Connect provider (oidc-provider)
 * mounted under /oidc when no OIDC_ISSUER is configured. Its sign-in page lists the demo accounts; each
 * button completes the real authorisation-code flow for that account. Never mounted in production
 * (config refuses production without an issuer; this module refuses as well).
 *
 * Everything it keeps lives in the database (interactions, codes, grants, its signing key), and its
 * cookie keys and client secret derive from SESSION_SECRET, so any number of API instances agree.
 */
export const DEVELOPMENT_PROVIDER_PATH = '/oidc';
const SIGNING_KEY_MODEL = 'SigningKey';

const derive = (config: Config, purpose: string) =>
  createHmac('sha256', config.session.secret).update(purpose).digest('base64url');

export const developmentIssuer = (config: Config) => `${config.publicUrl}${DEVELOPMENT_PROVIDER_PATH}`;

/** The app's own client at the development provider (ids from config when given, else fixed). */
export function developmentClient(config: Config) {
  return {
    clientId: config.oidc.clientId ?? 'dcf-development',
    clientSecret: config.oidc.clientSecret ?? derive(config, 'oidc-development-client-secret'),
  };
}

/** The claims the development provider issues for one demo account. */
export function demoClaims(sub: string): Record<string, unknown> | null {
  const user = demoUsers.find((u) => demoIdpId(u) === sub);
  if (!user) return null;
  return {
    sub,
    email: user.email,
    email_verified: true,
    name: user.name,
    job_title: user.jobTitle,
    ods_code: user.providerCode,
  };
}

/** The provider's signing key: generated once, kept in the database, shared by every instance. */
async function signingKey(db: Db): Promise<Record<string, unknown>> {
  const read = () =>
    db
      .selectFrom('oidcPayload')
      .select(sql<string>`payload::text`.as('payload'))
      .where('model', '=', SIGNING_KEY_MODEL)
      .where('id', '=', 'current')
      .executeTakeFirst();
  const existing = await read();
  if (existing) return JSON.parse(existing.payload) as Record<string, unknown>;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: `dev-${Date.now()}`, use: 'sig', alg: 'RS256' };
  // Two instances starting together: the first insert wins and both read it back.
  await db
    .insertInto('oidcPayload')
    .values({ model: SIGNING_KEY_MODEL, id: 'current', payload: JSON.stringify(jwk) })
    .onConflict((oc) => oc.columns(['model', 'id']).doNothing())
    .execute();
  return JSON.parse((await read())!.payload) as Record<string, unknown>;
}

/**
 * @param issuer where the provider is reached: by default mounted in the app (`${publicUrl}/oidc`);
 * `startDevelopmentProviderServer` runs it on its own port instead, as an external provider would be.
 */
export async function createDevelopmentProvider(
  db: Db,
  config: Config,
  issuer = developmentIssuer(config),
  /** Claims given in userinfo only, never in the ID token (as some providers do with the ODS code). */
  userinfoOnly: readonly string[] = [],
): Promise<Provider> {
  if (config.env === 'production')
    throw new Error('The development identity provider never runs in production');
  const client = developmentClient(config);
  const configuration: Configuration = {
    adapter: (model: string) => new DatabaseOidcAdapter(db, model),
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        client_name: 'Data Collection Framework',
        redirect_uris: [`${config.publicUrl}/v1/api/Auth/Callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/logout`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [await signingKey(db)] },
    cookies: { keys: [derive(config, 'oidc-cookie-key')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'job_title', 'ods_code'],
    },
    // Put the scope's claims in the ID token, as Entra ID and Okta do for these scopes.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) =>
        `${DEVELOPMENT_PROVIDER_PATH}/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx: unknown, sub: string) {
      const claims = demoClaims(sub);
      if (!claims) return undefined;
      return {
        accountId: sub,
        claims: (use: string) =>
          use === 'id_token'
            ? Object.fromEntries(Object.entries(claims).filter(([name]) => !userinfoOnly.includes(name)))
            : claims,
      };
    },
    renderError,
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
  };
  const provider = new Provider(issuer, configuration);
  // Koa's proxy flag is all or nothing: any trusted proxy set means the forwarded protocol is believed.
  provider.proxy = config.trustProxy !== false && config.trustProxy !== 0;
  return provider;
}

/**
 * Mounts the provider in the Fastify app: its own pages (the interaction: pick a demo account) as
 * Fastify routes, everything else handed raw to oidc-provider's Koa app with the /oidc prefix removed.
 * Request bodies on the catch-all are left unread, for oidc-provider to parse.
 */
export async function mountDevelopmentProvider(
  app: FastifyInstance,
  db: Db,
  config: Config,
  options: { issuer?: string; userinfoOnly?: readonly string[] } = {},
): Promise<void> {
  const provider = await createDevelopmentProvider(db, config, options.issuer, options.userinfoOnly);
  const handle = provider.callback();
  const base = DEVELOPMENT_PROVIDER_PATH;

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get<{ Params: { uid: string } }>(`${base}/interaction/:uid`, async (request, reply) => {
      reply.hijack();
      const { req, res } = raw(request.raw, reply.raw);
      try {
        const details = await provider.interactionDetails(req, res);
        send(res, 200, signInPage(details.uid, String(details.params.client_id)));
      } catch {
        send(res, 400, expiredPage());
      }
    });

    scope.post<{ Params: { uid: string }; Body: { account?: string } }>(
      `${base}/interaction/:uid/login`,
      async (request, reply) => {
        reply.hijack();
        const { req, res } = raw(request.raw, reply.raw);
        try {
          const details = await provider.interactionDetails(req, res);
          const accountId = request.body?.account ?? '';
          if (!demoClaims(accountId)) {
            send(res, 400, signInPage(details.uid, details.params.client_id, 'Choose an account'));
            return;
          }
          const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
          grant.addOIDCScope(String(details.params.scope ?? 'openid'));
          const grantId = await grant.save();
          await provider.interactionFinished(
            req,
            res,
            { login: { accountId }, consent: { grantId } },
            { mergeWithLastSubmission: false },
          );
        } catch {
          send(res, 400, expiredPage());
        }
      },
    );
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const forward = async (
      request: { raw: IncomingMessage },
      reply: { hijack(): void; raw: ServerResponse },
    ) => {
      reply.hijack();
      // As Express mounting does: originalUrl keeps the prefix (oidc-provider derives its mount path
      // from it), url is what the provider routes on.
      const original = request.raw.url ?? '/';
      Object.assign(request.raw, { originalUrl: original });
      request.raw.url = original.slice(base.length) || '/';
      handle(request.raw, reply.raw);
    };
    scope.all(base, forward);
    scope.all(`${base}/*`, forward);
  });
}

function raw(req: IncomingMessage, res: ServerResponse) {
  return { req, res };
}

function send(res: ServerResponse, status: number, html: string) {
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(html);
}

function signInPage(uid: string, _clientId: string, error?: string): string {
  const rows = demoUsers
    .map(
      (u) => `
      <li class="account">
        <form method="post" action="${DEVELOPMENT_PROVIDER_PATH}/interaction/${escapeHtml(uid)}/login">
          <input type="hidden" name="account" value="${escapeHtml(demoIdpId(u))}">
          <h2 class="account-name" id="acc-${escapeHtml(u.key)}">${escapeHtml(u.name)}</h2>
          <p class="account-role">${escapeHtml(u.description)} <span class="hint">(${escapeHtml(u.email)}, ${escapeHtml(u.providerCode)})</span></p>
          <button type="submit" class="button" aria-describedby="acc-${escapeHtml(u.key)}">Sign in as ${escapeHtml(u.name)}</button>
        </form>
      </li>`,
    )
    .join('');
  return page(
    'Sign in with a demo account',
    `${error ? `<div class="error-summary" role="alert"><h2>There is a problem</h2><p>${escapeHtml(error)}</p></div>` : ''}
    <h1>Sign in with a demo account</h1>
    <p class="lede">This is the development identity provider. Choose an account to sign in to Data Collection Framework with that role.</p>
    <ul class="accounts">${rows}</ul>`,
  );
}

function expiredPage(): string {
  return page(
    'Your sign-in has expired',
    `<h1>Your sign-in has expired</h1>
    <p>The sign-in took too long or was already used. <a href="/">Go back to Data Collection Framework</a> and sign in again.</p>`,
  );
}

async function logoutSource(ctx: KoaContextWithOIDC, form: string) {
  ctx.type = 'html';
  ctx.body = page(
    'Sign out',
    `<h1>Do you want to sign out of the development identity provider?</h1>
    ${form}
    <button class="button" type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
    <button class="button secondary" type="submit" form="op.logoutForm">No, stay signed in</button>`,
  );
}

async function postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
  ctx.type = 'html';
  ctx.body = page(
    'You have signed out',
    `<h1>You have signed out</h1><p><a href="/">Go back to Data Collection Framework</a></p>`,
  );
}

async function renderError(ctx: KoaContextWithOIDC, out: Record<string, string>) {
  ctx.type = 'html';
  ctx.body = page(
    'Sign-in problem',
    `<h1>There was a problem signing you in</h1>
    <p>${escapeHtml(out.error_description ?? out.error ?? 'Something went wrong')}</p>
    <p><a href="/">Go back to Data Collection Framework</a></p>`,
  );
}
