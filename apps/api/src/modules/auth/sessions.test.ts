import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, useTestApp } from '../../../test/harness';
import { openSignInPage, pressAccount, signInThroughProvider } from '../../../test/support/sign-in-flow';
import { buildApp } from '../../app';
import type { App } from '../../platform/route-module';
import { SESSION_COOKIE } from '../../platform/sessions';

let second: App;
const t = useTestApp();
beforeAll(async () => {
  // A second API instance on the same database: nothing but the database is shared.
  second = await buildApp({ config: t.config, database: t.database });
  await second.ready();
});
afterAll(() => second.close());

const sessionId = (client: Client) => client.cookies.get(SESSION_COOKIE) ?? '';

async function setSession(client: Client, values: { idleExpiresAt?: Date; absoluteExpiresAt?: Date }) {
  const id = createHash('sha256').update(sessionId(client)).digest('base64url');
  await t.database.db.updateTable('session').set(values).where('id', '=', id).execute();
  return id;
}

describe('session lifetime', () => {
  it('stores the session cookie HttpOnly, SameSite=Lax, and only a hash of it in the database', async () => {
    const browser = t.anonymous();
    const login = await openSignInPage(browser, t.config.publicUrl);
    const pressed = await pressAccount(browser, t.config.publicUrl, login.action!, 'manager');
    let res = pressed;
    while (res.status === 303 || (res.status === 302 && !String(res.headers.location).startsWith('/'))) {
      const u = new URL(String(res.headers.location), t.config.publicUrl);
      res = await browser.request('GET', `${u.pathname}${u.search}`, undefined, {
        headers: { host: u.host },
      });
    }
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] as string[])
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    const token = sessionId(browser);
    const stored = await t.database.db.selectFrom('session').select('id').where('id', '=', token).execute();
    expect(stored).toHaveLength(0);
  });

  it('ends after the idle time (401) and the page sees an anonymous user', async () => {
    const browser = t.anonymous();
    await signInThroughProvider(browser, t.config.publicUrl, 'clerkA');
    expect((await browser.get('/v1/api/FeatureFlag')).status).toBe(200);
    await setSession(browser, { idleExpiresAt: new Date(Date.now() - 1000) });
    expect((await browser.get('/v1/api/FeatureFlag')).status).toBe(401);
    expect((await browser.get('/v1/api/User/Current')).body.isAuthenticated).toBe(false);
    expect((await browser.post('/v1/api/Auth/Refresh')).status).toBe(401);
  });

  it('ends at the absolute limit even when active', async () => {
    const browser = await t.as('clerkB');
    await setSession(browser, { absoluteExpiresAt: new Date(Date.now() - 1000) });
    expect((await browser.get('/v1/api/FeatureFlag')).status).toBe(401);
  });

  it('POST /Auth/Refresh pushes the idle expiry back by the idle time, never past the absolute limit', async () => {
    const browser = await t.as('manager');
    const id = await setSession(browser, { idleExpiresAt: new Date(Date.now() + 60_000) });
    const res = await browser.post('/v1/api/Auth/Refresh');
    expect(res.status).toBe(200);
    const expiresAt = Date.parse(res.body.expiresAt);
    expect(expiresAt).toBeGreaterThan(Date.now() + (t.config.session.idleMinutes - 1) * 60_000);
    const row = await t.database.db
      .selectFrom('session')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.idleExpiresAt.getTime()).toBe(expiresAt);
    const current = await browser.get('/v1/api/User/Current');
    expect(current.body.sessionExpiresAt).toBe(res.body.expiresAt);

    const capped = new Date(Date.now() + 5 * 60_000);
    await setSession(browser, { absoluteExpiresAt: capped, idleExpiresAt: new Date(Date.now() + 60_000) });
    const refreshed = await browser.post('/v1/api/Auth/Refresh');
    expect(Date.parse(refreshed.body.expiresAt)).toBe(capped.getTime());
  });

  it('POST /Auth/Refresh needs the anti-forgery header', async () => {
    expect((await (await t.as('manager')).post('/v1/api/Auth/Refresh', {}, { csrf: false })).status).toBe(
      403,
    );
  });

  it('POST /Auth/EndSession ends it server-side (204): the old cookie no longer works', async () => {
    const browser = await t.as('authoriserA');
    const token = sessionId(browser);
    const res = await browser.post('/v1/api/Auth/EndSession');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const replay = t.anonymous();
    replay.cookies.set(SESSION_COOKIE, token);
    expect((await replay.get('/v1/api/FeatureFlag')).status).toBe(401);
    // Already ended (or never signed in): still 204, so the page can always call it.
    expect((await t.anonymous().post('/v1/api/Auth/EndSession')).status).toBe(204);
  });
});

describe('several API instances on one database', () => {
  it('serves a session created on one instance from another', async () => {
    const first = t.anonymous();
    await signInThroughProvider(first, t.config.publicUrl, 'submissionManager');
    const other = new Client(second);
    other.cookies.set(SESSION_COOKIE, sessionId(first));
    const res = await other.get('/v1/api/User/Current');
    expect(res.body).toMatchObject({ isAuthenticated: true, email: 'submission.manager@dcf.example' });
  });

  it('completes on a second instance a sign-in started on the first (provider state in the database)', async () => {
    const one = t.anonymous();
    const { action } = await openSignInPage(one, t.config.publicUrl);
    const two = new Client(second);
    for (const [k, v] of one.cookies) two.cookies.set(k, v);
    const done = await signInOn(two, action!);
    expect(done.status).toBe(302);
    expect((await two.get('/v1/api/User/Current')).body.email).toBe('nhsi.user@dcf.example');
  });

  it('ends a session everywhere at logout', async () => {
    const one = await t.as('manager');
    const two = new Client(second);
    two.cookies.set(SESSION_COOKIE, sessionId(one));
    expect((await two.get('/v1/api/FeatureFlag')).status).toBe(200);
    await one.post('/v1/api/Auth/Logout');
    expect((await two.get('/v1/api/FeatureFlag')).status).toBe(401);
  });
});

async function signInOn(client: Client, action: string) {
  let res = await pressAccount(client, t.config.publicUrl, action, 'nhsi');
  for (let hops = 0; hops < 6 && [302, 303].includes(res.status); hops++) {
    const u = new URL(String(res.headers.location), t.config.publicUrl);
    if (!u.pathname.startsWith('/oidc') && !u.pathname.startsWith('/v1/')) break;
    res = await client.request('GET', `${u.pathname}${u.search}`, undefined, { headers: { host: u.host } });
  }
  return res;
}
