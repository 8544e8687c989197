import * as client from 'openid-client';
import type { Config } from '../../config';
import { developmentClient, developmentIssuer } from '../../platform/auth/development-provider';
import type { App } from '../../platform/route-module';

/**
 * The relying-party side: one openid-client Configuration per app, discovered lazily (and again
 * after a failure). Works against any standards-compliant issuer (OIDC_ISSUER) or, with none
 * configured, the development provider mounted in this same app, reached in-process through
 * `app.inject` so it does not depend on the public URL being reachable from the server itself.
 */
const PROVIDER_TIMEOUT_SECONDS = 10;

export interface OidcClient {
  configuration(): Promise<client.Configuration>;
}

export function createOidcClient(app: App, config: Config): OidcClient {
  const development = config.oidc.useDevelopmentProvider;
  const issuer = development ? developmentIssuer(config) : config.oidc.issuer!;
  const { clientId, clientSecret } = development
    ? developmentClient(config)
    : { clientId: config.oidc.clientId ?? '', clientSecret: config.oidc.clientSecret };
  const inProcessFetch = development ? injectFetch(app, config) : undefined;
  let pending: Promise<client.Configuration> | null = null;

  return {
    configuration() {
      pending ??= client
        .discovery(new URL(issuer), clientId, clientSecret, undefined, {
          // A provider that does not answer: the person hears so in seconds, not half a minute.
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // Plain http only outside production (development provider, local Keycloak).
          ...(config.env !== 'production' && issuer.startsWith('http://')
            ? { execute: [client.allowInsecureRequests] }
            : {}),
          ...(inProcessFetch ? { [client.customFetch]: inProcessFetch } : {}),
        })
        .then((configuration) => {
          if (inProcessFetch) configuration[client.customFetch] = inProcessFetch;
          return configuration;
        })
        .catch((error) => {
          pending = null;
          throw error;
        });
      return pending;
    },
  };
}

/**
 * Whether an identity-provider call failed because the provider could not be reached or answered with
 * a server error (as opposed to refusing this sign-in): the person is told to try again later (503).
 * fetch reports a network failure as a TypeError whose cause carries the socket error's code.
 */
export function isProviderUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
    if (e instanceof TypeError && e.message === 'fetch failed') return true;
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      /^(ECONN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|UND_ERR_)/.test(code)
    )
      return true;
    const status = (e as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 500) return true;
  }
  return false;
}

/** fetch() for the in-process development provider: same HTTP requests, dispatched by Fastify. */
function injectFetch(app: App, config: Config): client.CustomFetch {
  const origin = new URL(config.publicUrl).origin;
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== origin) return fetch(url, options as RequestInit);
    const headers: Record<string, string> = {};
    new Headers(options.headers as ConstructorParameters<typeof Headers>[0]).forEach((value, key) => {
      headers[key] = value;
    });
    const body = options.body;
    const payload =
      body == null
        ? undefined
        : typeof body === 'string'
          ? body
          : body instanceof URLSearchParams
            ? body.toString()
            : Buffer.from(body as ArrayBuffer);
    const response = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...headers, host: target.host },
      ...(payload === undefined ? {} : { payload }),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(key, String(v));
    }
    const noBody = response.statusCode === 204 || response.statusCode === 304;
    return new Response(noBody ? null : response.rawPayload, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}
