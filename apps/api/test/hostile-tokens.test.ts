import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../src/platform/csrf';
import { apiRoutesOf } from '../src/platform/request-context';
import { type Client, type Response, startTestApp, toResponse, useTestApp } from './harness';
import { day, expireToken, makeToken, TOKENS_PATH } from './support/access-tokens';
import { newPage } from './support/submission-fixtures';

/**
 * Personal access tokens attacked from outside (decision 0039): every write with a read token, every
 * non-return call with a submit token, a limited token reaching for another collection, dead tokens,
 * a victim's cookie riding along, malformed Authorization headers (fast-check), and whether the
 * answers let anyone tell "no such token" from "token, wrong email" or "revoked".
 */
const t = useTestApp({ RATE_LIMIT_TOKEN_MAX: '100000' });

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
async function call(
  method: Method,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Response<any>> {
  return toResponse(
    await t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) }),
  );
}
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const basic = (email: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${secret}`).toString('base64')}`,
});
const cookieOf = (browser: Client) => [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Every registered route, its path parameters filled with an id (refusals come before any lookup). */
const everyRoute = () =>
  apiRoutesOf(t.app).map((r) => ({ method: r.method as Method, url: r.url.replace(/:\w+/g, '1'), raw: r }));

/** The product's problem details (code, title, status), the same code for every refusal of a kind. */
function expectProblem(res: Response<any>, status: number, code: string) {
  expect(res.status, `${res.status} ${res.text.slice(0, 200)}`).toBe(status);
  expect(res.body).toMatchObject({ code, status, title: expect.any(String) });
}

describe('scopes hold on every route', () => {
  it('a read token is refused every write the app has, whatever its user (an administrator) may do', async () => {
    const token = await makeToken(await t.as('superAdmin'), { scope: 'read' });
    const writes = everyRoute().filter((r) => WRITES.has(r.method));
    expect(writes.length).toBeGreaterThan(40);
    for (const route of writes) {
      const res = await call(route.method, route.url, bearer(token.secret), {});
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
      expect(res.body.code, `${route.method} ${route.url}`).toBe('token_not_allowed');
    }
  });

  it('a submit token is refused every route but the return calls: reads, collections, users, tokens, the audit log', async () => {
    const token = await makeToken(await t.as('superAdmin'), { scope: 'submit' });
    const others = everyRoute().filter(
      (r) => !r.raw.url.includes('/Submission') && !r.raw.url.endsWith('/Lock'),
    );
    expect(others.length).toBeGreaterThan(80);
    for (const route of others) {
      const res = await call(
        route.method,
        route.url,
        bearer(token.secret),
        route.method === 'GET' ? undefined : {},
      );
      if (route.raw.access.requiresSignIn === false && route.method === 'GET') continue;
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
      expect(res.body.code).toBe('token_not_allowed');
    }
    for (const url of [
      '/v1/api/AuditLog',
      TOKENS_PATH,
      '/v1/api/User',
      `/v1/api/OData/Collection/${await t.demoCollectionId()}/Returns`,
    ])
      expectProblem(await call('GET', url, bearer(token.secret)), 403, 'token_not_allowed');
  });
});

describe('a token limited to one collection', () => {
  it('reads nothing of another collection: its feed, its returns, its exports', async () => {
    const manager = await t.as('manager');
    const other = await manager.post('/v1/api/Collection', { name: 'Hostile: another collection' });
    expect(other.status, other.text).toBe(201);
    const demo = await t.demoCollectionId();
    const limited = bearer((await makeToken(manager, { scope: 'read', collectionId: demo })).secret);
    const page = await newPage(t);
    expect((await call('GET', page.url, limited)).status).toBe(200);
    const otherId = other.body.id as number;
    for (const url of [
      `/v1/api/OData/Collection/${otherId}`,
      `/v1/api/OData/Collection/${otherId}/$metadata`,
      `/v1/api/OData/Collection/${otherId}/Returns`,
      `/v1/api/OData/Collection/${otherId}/Returns/$count`,
      `/v1/api/Collection/${otherId}`,
      `/v1/api/Collection/${otherId}/Export`,
      `/v1/api/Collection/${otherId}/ReportingPeriod`,
      '/v1/api/AuditLog',
    ])
      expectProblem(await call('GET', url, limited), 404, 'not_found');
    // The same user's session, and an open token, do see the other collection's feed.
    expect((await manager.get(`/v1/api/OData/Collection/${otherId}`)).status).toBe(200);
    // Nor does the user's own profile name the other collections the user holds roles in.
    const me = await call('GET', '/v1/api/User/Current', limited);
    expect(me.status).toBe(200);
    const named = [...me.body.collectionRoles, ...me.body.collectionOrganisationRoles].map(
      (r: { collectionId: number }) => r.collectionId,
    );
    expect(named).toContain(demo);
    expect(named).not.toContain(otherId);
  });

  it('a submit token limited to one collection cannot lock a return of another', async () => {
    const admin = await t.as('superAdmin');
    const other = await admin.post('/v1/api/Collection', { name: 'Hostile: not the token’s' });
    expect(other.status, other.text).toBe(201);
    const limited = bearer((await makeToken(admin, { scope: 'submit', collectionId: other.body.id })).secret);
    const open = bearer((await makeToken(admin, { scope: 'submit' })).secret);
    const page = await newPage(t);
    expectProblem(await call('POST', `${page.url}/Lock`, limited, {}), 404, 'not_found');
    expect((await call('POST', `${page.url}/Lock`, open, {})).status).toBe(200);
  });
});

describe('dead tokens', () => {
  const deadAnswer = (res: Response<any>) => {
    expectProblem(res, 401, 'token_invalid');
    expect(res.headers['www-authenticate']).toContain('Basic');
  };

  it('expired, revoked, a deactivated user’s: 401 token_invalid on reads and writes alike', async () => {
    const manager = await t.as('manager');
    const expired = await makeToken(manager, { scope: 'read' });
    await expireToken(t, expired.id);
    const revoked = await makeToken(manager, { scope: 'submit' });
    expect((await manager.delete(`${TOKENS_PATH}/${revoked.id}`)).status).toBe(204);
    const user = await t.database.db
      .insertInto('appUser')
      .values({ email: 'hostile.gone@dcf.example', name: 'Gone', providerCode: 'X24', updatedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const gone = await makeToken(await t.asUser(user.id), { scope: 'read' });
    const off = await (await t.as('superAdmin')).put(`/v1/api/User/${user.id}/Active`, { active: false });
    expect(off.status, off.text).toBeLessThan(300);
    const page = await newPage(t);
    for (const secret of [expired.secret, revoked.secret, gone.secret]) {
      deadAnswer(await call('GET', '/v1/api/User/Current', bearer(secret)));
      deadAnswer(await call('POST', `${page.url}/Lock`, bearer(secret), {}));
    }
    deadAnswer(await call('GET', '/v1/api/User/Current', basic('hostile.gone@dcf.example', gone.secret)));
  });

  it('the OData feed’s next page is refused once the token is revoked, the user deactivated, or the role removed', async () => {
    const demo = await t.demoCollectionId();
    const first = (auth: Record<string, string>) =>
      call('GET', `/v1/api/OData/Collection/${demo}/Returns?$select=Id`, {
        ...auth,
        prefer: 'odata.maxpagesize=1',
      });
    const next = (res: Response<any>) => {
      const link = new URL(res.body['@odata.nextLink'] as string);
      return link.pathname + link.search;
    };

    const manager = await t.as('manager');
    const revoked = await makeToken(manager, { scope: 'read' });
    const page1 = await first(bearer(revoked.secret));
    expect(page1.status, page1.text).toBe(200);
    expect((await call('GET', next(page1), bearer(revoked.secret))).status).toBe(200);
    await manager.delete(`${TOKENS_PATH}/${revoked.id}`);
    deadAnswer(await call('GET', next(page1), bearer(revoked.secret)));

    // The role: a submission manager of the demo collection loses it between two pages.
    const admin = await t.as('superAdmin');
    const smId = await t.userId('submissionManager');
    const token = await makeToken(await t.as('submissionManager'), { scope: 'read' });
    const emailed = await call('GET', '/v1/api/User/Current', bearer(token.secret));
    const email = emailed.body.email as string;
    const paged = await first(basic(email, token.secret));
    expect(paged.status, paged.text).toBe(200);
    const role = { scope: 'collection', collectionId: demo, role: 'submissionManager' };
    const removed = await admin.put(`/v1/api/User/${smId}/Role`, { ...role, granted: false });
    expect(removed.status, removed.text).toBeLessThan(300);
    try {
      expectProblem(await call('GET', next(paged), basic(email, token.secret)), 404, 'not_found');
    } finally {
      await admin.put(`/v1/api/User/${smId}/Role`, { ...role, granted: true });
    }

    // The user deactivated between two pages.
    const user = await t.database.db
      .insertInto('appUser')
      .values({
        email: 'hostile.reader@dcf.example',
        name: 'Reader',
        providerCode: 'X24',
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('collectionRole')
      .values({ collectionId: demo, userId: user.id, role: 'collectionManager' })
      .execute();
    const readerToken = await makeToken(await t.asUser(user.id), { scope: 'read' });
    const readerPage = await first(bearer(readerToken.secret));
    expect(readerPage.status, readerPage.text).toBe(200);
    await admin.put(`/v1/api/User/${user.id}/Active`, { active: false });
    deadAnswer(await call('GET', next(readerPage), bearer(readerToken.secret)));
  });
});

describe('telling tokens apart from outside', () => {
  /** The answer without what differs per request (its id). */
  const shape = (res: Response<any>) => {
    const { instance: _i, requestId: _r, ...body } = res.body;
    return {
      status: res.status,
      body,
      auth: res.headers['www-authenticate'],
      type: res.headers['content-type'],
    };
  };

  it('no such token, the right token with another user’s email, a revoked and an expired one answer alike', async () => {
    const manager = await t.as('manager');
    const live = await makeToken(manager, { scope: 'read' });
    const revoked = await makeToken(manager, { scope: 'read' });
    await manager.delete(`${TOKENS_PATH}/${revoked.id}`);
    const expired = await makeToken(manager, { scope: 'read' });
    await expireToken(t, expired.id);
    const url = '/v1/api/User/Current';
    const unknown = shape(await call('GET', url, bearer(`dcf_pat_${'B'.repeat(43)}`)));
    expect(unknown.status).toBe(401);
    // A secret one character off a live one.
    const flipped = live.secret.slice(0, -1) + (live.secret.endsWith('A') ? 'B' : 'A');
    for (const headers of [
      bearer(flipped),
      bearer(revoked.secret),
      bearer(expired.secret),
      basic('clerk.a@dcf.example', live.secret),
      basic('manager@dcf.example', flipped),
      basic('nobody@dcf.example', `dcf_pat_${'B'.repeat(43)}`),
      { authorization: 'Bearer not-a-token' },
      { authorization: 'Basic !!!' },
    ])
      expect(shape(await call('GET', url, headers)), headers.authorization).toEqual(unknown);
    // The live token does work (the cases above are refused for their credential, not by accident).
    expect((await call('GET', url, basic('manager@dcf.example', live.secret))).status).toBe(200);
  });

  it('malformed Authorization headers (fast-check): never 5xx, always 401 in the product’s error shape', async () => {
    const printable = fc.string({
      unit: fc.constantFrom(...' !"#$%&\'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~'.split('')),
      maxLength: 80,
    });
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const header = fc.oneof(
      printable,
      printable.map((s) => `Bearer ${s}`),
      printable.map((s) => `Bearer dcf_pat_${s}`),
      printable.map((s) => `Basic ${s}`),
      printable.map((s) => `Basic ${b64(s)}`),
      fc.tuple(printable, printable).map(([u, p]) => `Basic ${b64(`${u}:dcf_pat_${p}`)}`),
      fc.tuple(printable, printable).map(([u, p]) => `bEaReR   ${u}\t${p}`),
      fc.constantFrom(
        'Bearer',
        'Basic',
        'Basic ',
        'Bearer dcf_pat_',
        `Basic ${b64(':dcf_pat_x')}`,
        `Basic ${b64('a:')}`,
      ),
      fc.integer({ min: 4000, max: 12000 }).map((n) => `Bearer dcf_pat_${'x'.repeat(n)}`),
    );
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(header, async (authorization) => {
        runs++;
        const res = await call('GET', '/v1/api/Collection', { authorization });
        expect(res.status, authorization).toBe(401);
        expect(res.body).toMatchObject({
          status: 401,
          code: expect.stringMatching(/^(token_invalid|sign_in_required)$/),
        });
      }),
      { numRuns: 300 },
    );
    expect(runs).toBe(300);
  });
});

describe('cookies and anti-forgery', () => {
  it('a token request carrying a victim’s session cookie and anti-forgery header gets only the token’s rights', async () => {
    const victim = await t.as('superAdmin');
    const clerkToken = await makeToken(await t.as('clerkA'), { scope: 'read' });
    const headers = {
      ...bearer(clerkToken.secret),
      cookie: cookieOf(victim),
      [CSRF_HEADER]: victim.cookies.get(CSRF_COOKIE) ?? '',
    };
    expect((await call('GET', '/v1/api/User/Current', headers)).body.email).toBe('clerk.a@dcf.example');
    expectProblem(await call('GET', '/v1/api/AuditLog', headers), 403, 'forbidden');
    expectProblem(
      await call('POST', '/v1/api/Collection', headers, { name: 'Forged' }),
      403,
      'token_not_allowed',
    );
    // A broken token with the victim's cookie never falls back on the session.
    expectProblem(
      await call('GET', '/v1/api/AuditLog', { ...headers, ...bearer('dcf_pat_forged') }),
      401,
      'token_invalid',
    );
  });

  it('a cookie write without the anti-forgery header is refused; a token write needs none', async () => {
    const manager = await t.as('manager');
    const forged = await manager.post(
      '/v1/api/Collection',
      { name: 'Forged from another site' },
      { csrf: false },
    );
    expectProblem(forged, 403, 'csrf_failed');
    const token = await makeToken(await t.as('authoriserA'), { scope: 'submit' });
    const page = await newPage(t);
    const locked = await call('POST', `${page.url}/Lock`, bearer(token.secret), {});
    expect(locked.status, locked.text).toBe(200);
  });
});

describe('the rate limit cannot be dodged with made-up tokens', () => {
  it('unknown tokens count against the caller’s address; a live token keeps its own allowance', async () => {
    const limited = await startTestApp({ RATE_LIMIT_MAX: '20', RATE_LIMIT_TOKEN_MAX: '50' });
    try {
      // A live token, made before the address spends its allowance.
      const browser = await limited.as('manager');
      const created = await browser.post(TOKENS_PATH, { name: 'Live', scope: 'read', expires: day(5) });
      expect(created.status, created.text).toBe(201);
      const live = () =>
        limited.app.inject({
          method: 'GET',
          url: '/v1/api/Collection',
          headers: bearer(created.body.secret),
        });
      expect((await live()).statusCode).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await limited.app.inject({
          method: 'GET',
          url: '/v1/api/Collection',
          headers: { authorization: `Bearer dcf_pat_${randomBytes(32).toString('base64url')}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 401).length).toBeLessThan(20);
      expect(statuses.slice(20)).toEqual(Array(10).fill(429));
      // The live token is counted on its own, not against the exhausted address.
      expect((await live()).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
