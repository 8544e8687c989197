import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import {
  callbackUrl,
  follow,
  openSignInPage,
  pressAccount,
  signInThroughProvider,
} from '../../../test/support/sign-in-flow';
import { SESSION_COOKIE } from '../../platform/sessions';

const t = useTestApp();

describe('sign-in through the development identity provider (real OIDC flow over HTTP)', () => {
  it('shows an accessible sign-in page listing every demo account', async () => {
    const { page, action } = await openSignInPage(t.anonymous(), t.config.publicUrl);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="en-GB">');
    expect(page.text).toContain('<h1>Sign in with a demo account</h1>');
    for (const name of ['Sam Superadmin', 'Cara Admin', 'Morgan Manager', 'Chris Clerk', 'Nadia Regulator'])
      expect(page.text).toContain(`Sign in as ${name}`);
    expect(action).toMatch(/^\/oidc\/interaction\/[\w-]+\/login$/);
  });

  it('signs a clerk in, with a session cookie, and goes back where they started', async () => {
    const browser = t.anonymous();
    const done = await signInThroughProvider(browser, t.config.publicUrl, 'clerkA', '/collection/submit');
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/collection/submit');
    expect(browser.cookies.get(SESSION_COOKIE)).toBeTruthy();
    const flags = await browser.get('/v1/api/FeatureFlag');
    expect(flags.status).toBe(200);
    const user = await t.database.db
      .selectFrom('appUser')
      .selectAll()
      .where('idpId', '=', 'dev|clerkA')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      email: 'clerk.a@dcf.example',
      providerCode: 'RJ1',
      jobTitle: 'Data officer',
    });
    expect(user.lastSignInAt).toBeInstanceOf(Date);
  });

  it('never goes back to another site after sign-in', async () => {
    const done = await signInThroughProvider(
      t.anonymous(),
      t.config.publicUrl,
      'manager',
      '//evil.example/x',
    );
    expect(done.headers.location).toBe('/');
  });

  it('gives a new session at every sign-in and ends the old one (rotation)', async () => {
    const browser = t.anonymous();
    await signInThroughProvider(browser, t.config.publicUrl, 'manager');
    const first = browser.cookies.get(SESSION_COOKIE)!;
    await signInThroughProvider(browser, t.config.publicUrl, 'manager');
    const second = browser.cookies.get(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    const old = t.anonymous();
    old.cookies.set(SESSION_COOKIE, first);
    expect((await old.get('/v1/api/FeatureFlag')).status).toBe(401);
  });

  it('refuses a user whose identity-provider status is not Active', async () => {
    await t.database.db
      .updateTable('appUser')
      .set({ idpStatus: 'Suspended' })
      .where('email', '=', 'clerk.b@dcf.example')
      .execute();
    const browser = t.anonymous();
    const done = await signInThroughProvider(browser, t.config.publicUrl, 'clerkB');
    expect(done.status).toBe(403);
    expect(done.text).toContain('Your account cannot sign in');
    expect(done.text).toContain('Suspended');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('refuses a callback whose state does not match (no session)', async () => {
    const browser = t.anonymous();
    const { action } = await openSignInPage(browser, t.config.publicUrl);
    const pressed = await pressAccount(browser, t.config.publicUrl, action!, 'manager');
    const callback = await callbackUrl(browser, t.config.publicUrl, pressed);
    callback.searchParams.set('state', 'forged');
    const done = await browser.get(`${callback.pathname}${callback.search}`);
    expect(done.status).toBe(400);
    expect(done.text).toContain('Sign-in could not be completed');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('refuses a callback without the sign-in cookie (started elsewhere)', async () => {
    const res = await t.anonymous().get('/v1/api/Auth/Callback?code=x&state=y');
    expect(res.status).toBe(400);
  });

  it('links a pre-registered user (same email, no idpId) at first sign-in', async () => {
    const db = t.database.db;
    await db
      .updateTable('appUser')
      .set({ idpId: null })
      .where('email', '=', 'authoriser.a@dcf.example')
      .execute();
    const before = await t.userId('authoriserA');
    await signInThroughProvider(t.anonymous(), t.config.publicUrl, 'authoriserA');
    const after = await db
      .selectFrom('appUser')
      .select(['id', 'idpId'])
      .where('email', '=', 'authoriser.a@dcf.example')
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ id: before, idpId: 'dev|authoriserA' });
  });
});

describe('POST /Auth/Logout', () => {
  it('ends the session server-side, clears the cookie and answers the provider logout URL', async () => {
    const browser = t.anonymous();
    await signInThroughProvider(browser, t.config.publicUrl, 'nhsi');
    const token = browser.cookies.get(SESSION_COOKIE)!;
    const res = await browser.post('/v1/api/Auth/Logout');
    expect(res.status).toBe(200);
    const url = new URL(res.body.redirectUrl);
    expect(url.pathname).toBe('/oidc/session/end');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${t.config.publicUrl}/logout`);
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    const replay = t.anonymous();
    replay.cookies.set(SESSION_COOKIE, token);
    expect((await replay.get('/v1/api/FeatureFlag')).status).toBe(401);
  });

  it('needs the anti-forgery header (403)', async () => {
    const res = await (await t.as('manager')).post('/v1/api/Auth/Logout', {}, { csrf: false });
    expect(res.status).toBe(403);
  });
});

describe('follow', () => {
  it('stops at a page of the web app', async () => {
    const res = await follow(
      t.anonymous(),
      { status: 302, headers: { location: '/x' }, body: '', text: '' },
      t.config.publicUrl,
    );
    expect(res.headers.location).toBe('/x');
  });
});
