import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../src/platform/csrf';
import { SESSION_COOKIE } from '../src/platform/sessions';
import { useTestApp } from './harness';
import { signInThroughProvider } from './support/sign-in-flow';

// Issue 23 item 6, through HTTP (decision 0032): the anti-forgery token is the session's own; returnTo
// with a control character falls back to '/'; every /v1/api answer says Cache-Control: no-store.

const t = useTestApp({ STORAGE_DRIVER: 'local' });

describe('the anti-forgery token is bound to the session', () => {
  it("refuses another session's token, even when the cookie and the header agree", async () => {
    const clerk = await t.as('clerkA');
    const other = await t.as('clerkB');
    const stolen = other.cookies.get(CSRF_COOKIE)!;
    clerk.cookies.set(CSRF_COOKIE, stolen);
    const forged = await clerk.post('/v1/api/Auth/Refresh');
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('csrf_failed');
    // A token an attacker planted in the cookie jar (double-submit alone would take it) is refused too.
    clerk.cookies.set(CSRF_COOKIE, 'planted-by-a-sibling-subdomain');
    expect((await clerk.post('/v1/api/Auth/Refresh')).status).toBe(403);
    // A read sets the session's own token again, and the write then passes.
    await clerk.get('/v1/api/User/Current');
    expect(clerk.cookies.get(CSRF_COOKIE)).not.toBe('planted-by-a-sibling-subdomain');
    expect((await clerk.post('/v1/api/Auth/Refresh')).status).toBe(200);
  });

  it('sign-in rotates it: the token from before sign-in no longer works, the new one does', async () => {
    const browser = t.anonymous();
    await browser.get('/v1/api/User/Current');
    const before = browser.cookies.get(CSRF_COOKIE)!;
    expect(before).toBeTruthy();
    await signInThroughProvider(browser, t.config.publicUrl, 'manager');
    const after = browser.cookies.get(CSRF_COOKIE)!;
    expect(after).not.toBe(before);
    const cookie = `${SESSION_COOKIE}=${browser.cookies.get(SESSION_COOKIE)}; ${CSRF_COOKIE}=${before}`;
    const withOld = await t.app.inject({
      method: 'POST',
      url: '/v1/api/Auth/Refresh',
      headers: { cookie, [CSRF_HEADER]: before, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(withOld.statusCode).toBe(403);
    expect((await browser.post('/v1/api/Auth/Refresh')).status).toBe(200);
    // Signing out sets a fresh token with no session behind it.
    await browser.post('/v1/api/Auth/Logout');
    expect(browser.cookies.get(CSRF_COOKIE)).not.toBe(after);
  });
});

describe('returnTo', () => {
  it.each([
    ['a tab', '/\t/evil.example'],
    ['a line break', '/collection\n/x'],
    ['a carriage return', '/collection\r/x'],
    ['a C1 control', '/collection\u0085'],
  ])('falls back to / when it holds %s', async (_what, returnTo) => {
    const done = await signInThroughProvider(t.anonymous(), t.config.publicUrl, 'clerkA', returnTo);
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/');
  });

  it('with NUL or DEL is refused before sign-in starts (hostile input, decision 0017): never a redirect', async () => {
    for (const returnTo of ['/collection\u0000', '/collection\u007f']) {
      const res = await t.anonymous().get(`/v1/api/Auth/Login?returnTo=${encodeURIComponent(returnTo)}`);
      expect(res.status).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });
});

describe('Cache-Control: no-store on every /v1/api answer', () => {
  it('on reads, refusals, errors and downloads alike; downloads still arrive whole', async () => {
    const manager = await t.as('manager');
    const demoId = await t.demoCollectionId();
    const answers = [
      await manager.get('/v1/api/User/Current'),
      await manager.get(`/v1/api/Collection/${demoId}`),
      await manager.get('/v1/api/Collection/999999'),
      await t.anonymous().get(`/v1/api/Collection/${demoId}`),
      await (await t.as('clerkA')).get('/v1/api/User/1/Roles'),
      await t.anonymous().get('/v1/api/health'),
      await t.anonymous().get('/v1/api/openapi.json'),
      await manager.get(`/v1/api/Collection/${demoId}/Export?format=csv`),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 401, 403, 200, 200, 200]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
    const csv = answers.at(-1)!;
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(String(csv.headers['content-disposition'])).toMatch(/^attachment; filename=/);
    expect(csv.text.split('\r\n').length).toBeGreaterThan(2);
  });
});
