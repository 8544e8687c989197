import { messages } from '@dcf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestApp, useTestApp } from '../../../test/harness';
import { freePort } from '../../../test/support/free-port';
import { startDevelopmentProviderServer } from '../../platform/auth/provider-server';
import { SESSION_COOKIE } from '../../platform/sessions';

/**
 * The same sign-in, with the identity provider as a separate server on its own port (OIDC_ISSUER set,
 * nothing mounted in the app): discovery, token and JWKS calls go over the network, as with Keycloak
 * or Entra ID. The "browser" talks to the app through inject and to the provider through fetch.
 */
let port: number;
let provider: { issuer: string; close(): Promise<void> };

beforeAll(async () => {
  port = await freePort();
});
const t = useTestApp(() => ({
  OIDC_ISSUER: `http://127.0.0.1:${port}/oidc`,
  OIDC_CLIENT_ID: 'dcf-external-test',
  OIDC_CLIENT_SECRET: 'external-test-client-secret-0123456789',
}));
// The provider keeps its accounts in the app's database, so it starts after the app and stops before it.
beforeAll(async () => {
  provider = await startDevelopmentProviderServer({ db: t.database.db, config: t.config, port });
});
let providerClosed = false;
afterAll(async () => {
  if (!providerClosed) await provider?.close();
});

interface Hop {
  status: number;
  location: string | null;
  text: string;
}

/** A browser over two origins: the app (inject, harness cookies) and the provider (fetch, own jar). */
function twoOriginBrowser(app: Client, ends = { publicUrl: t.config.publicUrl, issuer: provider.issuer }) {
  const jar = new Map<string, string>();
  const providerOrigin = new URL(ends.issuer).origin;
  async function go(url: URL, method = 'GET', form?: string): Promise<Hop> {
    if (url.origin === providerOrigin) {
      const res = await fetch(url, {
        method,
        redirect: 'manual',
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: form } : {}),
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair = ''] = c.split(';');
        const [name = '', value = ''] = pair.split('=');
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(name);
        else jar.set(name, value);
      }
      const location = res.headers.get('location');
      return {
        status: res.status,
        location: location && new URL(location, url).href,
        text: await res.text(),
      };
    }
    const res = await app.request(method as 'GET', `${url.pathname}${url.search}`);
    const location = res.headers.location ? new URL(String(res.headers.location), ends.publicUrl).href : null;
    return { status: res.status, location, text: res.text };
  }
  async function follow(start: Hop): Promise<Hop> {
    let hop = start;
    for (let i = 0; i < 10 && hop.location && [302, 303].includes(hop.status); i++) {
      const next = new URL(hop.location);
      if (next.origin === new URL(ends.publicUrl).origin && !next.pathname.startsWith('/v1/')) break;
      hop = await go(next);
    }
    return hop;
  }
  return { go, follow, providerOrigin };
}

describe('sign-in against a provider on its own port (as an external identity provider)', () => {
  it('signs in through the real flow over the network and shows the user', async () => {
    const app = t.anonymous();
    const browser = twoOriginBrowser(app);
    const page = await browser.follow(
      await browser.go(new URL(`${t.config.publicUrl}/v1/api/Auth/Login?returnTo=/collection/manage`)),
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sign in with a demo account');
    const action = /action="([^"]+\/login)"/.exec(page.text)?.[1];
    const done = await browser.follow(
      await browser.go(new URL(action!, browser.providerOrigin), 'POST', 'account=dev%7Cmanager'),
    );
    expect(done.status).toBe(302);
    expect(done.location).toBe(`${t.config.publicUrl}/collection/manage`);
    expect(app.cookies.get(SESSION_COOKIE)).toBeTruthy();
    const me = await app.get('/v1/api/User/Current');
    expect(me.body).toMatchObject({ isAuthenticated: true, idpId: 'dev|manager', isCollectionManager: true });

    const logout = await app.post('/v1/api/Auth/Logout');
    expect(logout.body.redirectUrl.startsWith(`${provider.issuer}/session/end?`)).toBe(true);
    expect((await app.get('/v1/api/User/Current')).body.isAuthenticated).toBe(false);
  });

  it('does not mount the development provider in the app when an issuer is configured', async () => {
    const res = await t.anonymous().get('/oidc/.well-known/openid-configuration');
    expect(res.status).toBe(404);
  });

  it('answers 503 "not available" when the provider cannot be reached at the callback or at the first sign-in', async () => {
    const app = t.anonymous();
    const browser = twoOriginBrowser(app);
    const page = await browser.follow(await browser.go(new URL(`${t.config.publicUrl}/v1/api/Auth/Login`)));
    const action = /action="([^"]+\/login)"/.exec(page.text)?.[1];
    // Press the account at the provider, but stop before the app's callback.
    let hop = await browser.go(new URL(action!, browser.providerOrigin), 'POST', 'account=dev%7Cmanager');
    while (hop.location && new URL(hop.location).origin === browser.providerOrigin)
      hop = await browser.go(new URL(hop.location));
    expect(hop.location).toContain('/v1/api/Auth/Callback?');
    await provider.close();
    providerClosed = true;

    // The token endpoint does not answer: the code cannot be redeemed, and the person is told why.
    const callback = await browser.go(new URL(hop.location!));
    expect(callback.status).toBe(503);
    expect(callback.text).toContain(messages.signInServiceUnavailable);
    expect(app.cookies.get(SESSION_COOKIE)).toBeUndefined();

    // A fresh instance that has never reached the provider cannot even start a sign-in.
    const fresh = await startTestApp({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'dcf-external-test',
      OIDC_CLIENT_SECRET: 'external-test-client-secret-0123456789',
    });
    try {
      const login = await fresh.anonymous().get('/v1/api/Auth/Login');
      expect(login.status).toBe(503);
      expect(login.text).toContain(messages.signInServiceUnavailable);
      expect(login.headers['content-type']).toContain('text/html');
    } finally {
      await fresh.close();
    }
  }, 120_000);
});

describe('a provider that gives the ODS code in userinfo only', () => {
  it('signs the person in with their organisation: the ID token has the email, userinfo the ODS code', async () => {
    const port = await freePort();
    const app = await startTestApp({
      OIDC_ISSUER: `http://127.0.0.1:${port}/oidc`,
      OIDC_CLIENT_ID: 'dcf-userinfo-test',
      OIDC_CLIENT_SECRET: 'userinfo-test-client-secret-0123456789',
    });
    const own = await startDevelopmentProviderServer({
      db: app.database.db,
      config: app.config,
      port,
      userinfoOnly: ['ods_code'],
    });
    try {
      // Stored before: the sign-in must set it again from what the provider says.
      await app.database.db
        .updateTable('appUser')
        .set({ providerCode: null })
        .where('email', '=', 'clerk.a@dcf.example')
        .execute();
      const client = app.anonymous();
      const browser = twoOriginBrowser(client, { publicUrl: app.config.publicUrl, issuer: own.issuer });
      const page = await browser.follow(
        await browser.go(new URL(`${app.config.publicUrl}/v1/api/Auth/Login`)),
      );
      const action = /action="([^"]+\/login)"/.exec(page.text)?.[1];
      const done = await browser.follow(
        await browser.go(new URL(action!, browser.providerOrigin), 'POST', 'account=dev%7CclerkA'),
      );
      expect(done.status).toBe(302);
      const me = await client.get('/v1/api/User/Current');
      expect(me.body).toMatchObject({
        isAuthenticated: true,
        email: 'clerk.a@dcf.example',
        providerCode: 'RJ1',
      });
    } finally {
      await own.close();
      await app.close();
    }
  }, 120_000);
});
