import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Response, toResponse, useTestApp } from '../../../test/harness';
import { day, expireToken, makeToken, TOKENS_PATH } from '../../../test/support/access-tokens';
import { completeAnswers, newPage } from '../../../test/support/submission-fixtures';

/**
 * Personal access tokens through HTTP (decision 0039): made, listed and revoked in a browser session;
 * used as Bearer or Basic, with exactly the user's current rights, within the token's scope and
 * collection, cookies and anti-forgery ignored, every use recorded, each token rate limited.
 */
const TOKEN_LIMIT = 25;
const t = useTestApp({ RATE_LIMIT_TOKEN_MAX: String(TOKEN_LIMIT) });

/** A request carrying only an Authorization header: no cookie, no anti-forgery header. */
async function withToken<T = any>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  authorization: string,
  body?: unknown,
  cookie?: string,
): Promise<Response<T>> {
  return toResponse<T>(
    await t.app.inject({
      method,
      url,
      headers: { authorization, ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    }),
  );
}
const bearer = (secret: string) => `Bearer ${secret}`;
const basic = (email: string, secret: string) =>
  `Basic ${Buffer.from(`${email}:${secret}`).toString('base64')}`;

describe('making, listing and revoking tokens (browser session)', () => {
  it('shows the secret once, keeps only its SHA-256, lists the token without it, and audits', async () => {
    const browser = await t.as('manager');
    const created = await makeToken(browser, { name: 'Analytics', scope: 'read', expires: day(365) });
    expect(created.secret).toMatch(/^dcf_pat_[A-Za-z0-9_-]{43}$/);
    const stored = await t.database.db
      .selectFrom('accessToken')
      .select(['tokenHash', 'expiresAt'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.tokenHash).toBe(createHash('sha256').update(created.secret).digest('base64url'));
    expect(JSON.stringify(stored)).not.toContain(created.secret);

    const list = await browser.get(TOKENS_PATH);
    expect(list.status).toBe(200);
    const listed = list.body.items.find((i: { id: number }) => i.id === created.id);
    expect(listed).toMatchObject({ name: 'Analytics', scope: 'read', collectionId: null, lastUsedAt: null });
    expect(list.text).not.toContain(created.secret);
    // Someone else's list does not show it.
    expect((await (await t.as('clerkA')).get(TOKENS_PATH)).body.items).toEqual([]);

    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('entityType', '=', 'accessToken')
      .where('entityId', '=', String(created.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['accessToken.create']);
    expect(JSON.stringify(audit)).not.toContain(created.secret);
  });

  it('refuses a missing name, an expiry in the past or over a year away, and a collection not seen', async () => {
    const browser = await t.as('clerkB');
    const res = await browser.post(TOKENS_PATH, { name: ' ', scope: 'read', expires: day(400) });
    expect(res.status).toBe(400);
    expect(res.body.errors.name).toEqual(['Enter a name for the token']);
    const past = await browser.post(TOKENS_PATH, { name: 'x', scope: 'read', expires: day(0) });
    expect(past.body.errors).toEqual({ expires: ['The expiry date must be in the future'] });
    const far = await browser.post(TOKENS_PATH, { name: 'x', scope: 'read', expires: day(367) });
    expect(far.body.errors).toEqual({ expires: ['The expiry date must be within one year'] });
    const other = await (await t.as('manager')).post('/v1/api/Collection', { name: 'Not for clerks' });
    const unseen = await browser.post(TOKENS_PATH, {
      name: 'x',
      scope: 'read',
      expires: day(5),
      collectionId: other.body.id,
    });
    expect(unseen.body.errors).toEqual({ collectionId: ['Select a collection you can see'] });
    const scope = await browser.post(TOKENS_PATH, { name: 'x', scope: 'admin', expires: day(5) });
    expect(scope.status).toBe(400);
  });

  it('revokes one of your own tokens at once; someone else cannot', async () => {
    const browser = await t.as('manager');
    const token = await makeToken(browser, { scope: 'read' });
    const collection = `/v1/api/Collection/${await t.demoCollectionId()}`;
    expect((await withToken('GET', collection, bearer(token.secret))).status).toBe(200);
    expect((await (await t.as('clerkA')).delete(`${TOKENS_PATH}/${token.id}`)).status).toBe(404);
    expect((await browser.delete(`${TOKENS_PATH}/${token.id}`)).status).toBe(204);
    const after = await withToken('GET', collection, bearer(token.secret));
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('token_invalid');
    expect((await browser.get(TOKENS_PATH)).body.items.map((i: { id: number }) => i.id)).not.toContain(
      token.id,
    );
  });
});

describe('using a token', () => {
  it('is accepted as Bearer and as Basic with the user’s email; refused with another email or an unknown token', async () => {
    const token = await makeToken(await t.as('manager'), { scope: 'read' });
    const url = `/v1/api/Collection/${await t.demoCollectionId()}`;
    expect((await withToken('GET', url, bearer(token.secret))).status).toBe(200);
    expect((await withToken('GET', url, basic('Manager@DCF.example', token.secret))).status).toBe(200);
    const wrongEmail = await withToken('GET', url, basic('clerk.a@dcf.example', token.secret));
    expect(wrongEmail.status).toBe(401);
    const unknown = await withToken('GET', url, bearer(`dcf_pat_${'A'.repeat(43)}`));
    expect(unknown.status).toBe(401);
    expect(unknown.headers['www-authenticate']).toContain('Basic');
    // Any Bearer credential is a token request: a bad one never falls back on a cookie.
    const browser = await t.as('manager');
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await withToken('GET', url, 'Bearer nonsense', undefined, cookie)).status).toBe(401);
  });

  it('an expired token stops', async () => {
    const token = await makeToken(await t.as('manager'), { scope: 'read' });
    await expireToken(t, token.id, 1000);
    expect((await withToken('GET', '/v1/api/Collection', bearer(token.secret))).status).toBe(401);
  });

  it('a read token only reads: every write is refused, whatever the user may do', async () => {
    const manager = await t.as('manager');
    const token = await makeToken(manager, { scope: 'read' });
    const id = await t.demoCollectionId();
    const write = await withToken('PUT', `/v1/api/Collection/${id}`, bearer(token.secret), {
      name: 'Renamed',
    });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('token_not_allowed');
    const page = await newPage(t);
    expect((await withToken('POST', `${page.url}/Lock`, bearer(token.secret), {})).status).toBe(403);
  });

  it('a submit token locks, saves and submits as its user would (declaration required), and does nothing else', async () => {
    const authoriser = await t.as('authoriserA');
    const token = await makeToken(authoriser, { scope: 'submit', collectionId: await t.demoCollectionId() });
    const page = await newPage(t);
    const auth = bearer(token.secret);
    const locked = await withToken('POST', `${page.url}/Lock`, auth, {});
    expect(locked.status, locked.text).toBe(200);
    const save = (body: object) =>
      withToken('POST', `/v1/api/Submission/${locked.body.submissionId}/SubmissionRevision`, auth, body);
    const draft = await save({ content: { headcount: 3 }, status: 'draft', baseRevisionId: null });
    expect(draft.status, draft.text).toBe(201);
    const noDeclaration = await save({
      content: completeAnswers,
      status: 'completed',
      baseRevisionId: draft.body.currentRevisionId,
    });
    expect(noDeclaration.status).toBe(400);
    const submitted = await save({
      content: completeAnswers,
      status: 'completed',
      baseRevisionId: draft.body.currentRevisionId,
      declaration: true,
    });
    expect(submitted.status, submitted.text).toBe(201);
    const view = await (await t.as('authoriserA')).get(page.url);
    expect(view.body.status).toBe('completed');
    // The same audit as the browser's, under the token's user.
    const saves = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'userId'])
      .where('entityType', '=', 'submission')
      .where('entityId', '=', String(locked.body.submissionId))
      .execute();
    expect(saves.length).toBeGreaterThan(0);
    expect(new Set(saves.map((s) => s.userId))).toEqual(new Set([await t.userId('authoriserA')]));
    // Nothing but the return calls: not a read, not another write.
    expect((await withToken('GET', `/v1/api/Collection/${page.collectionId}`, auth)).status).toBe(403);
    expect((await withToken('POST', '/v1/api/Auth/Refresh', auth, {})).status).toBe(403);
  });

  it('a clerk’s submit token cannot submit where only the authoriser may (the user’s own rights)', async () => {
    const token = await makeToken(await t.as('clerkA'), { scope: 'submit' });
    const page = await newPage(t);
    const locked = await withToken('POST', `${page.url}/Lock`, bearer(token.secret), {});
    expect(locked.status).toBe(200);
    const submit = await withToken(
      'POST',
      `/v1/api/Submission/${locked.body.submissionId}/SubmissionRevision`,
      bearer(token.secret),
      { content: completeAnswers, status: 'completed', baseRevisionId: null, declaration: true },
    );
    expect(submit.status).toBe(403);
  });

  it('ignores cookies and needs no anti-forgery header: the token alone says who calls', async () => {
    const clerk = await makeToken(await t.as('clerkA'), { scope: 'submit' });
    const manager = await t.as('manager');
    const cookie = [...manager.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const me = await withToken(
      'GET',
      '/v1/api/User/Current',
      bearer((await makeToken(await t.as('clerkA'), { scope: 'read' })).secret),
      undefined,
      cookie,
    );
    expect(me.status).toBe(200);
    expect(me.headers['set-cookie']).toBeUndefined();
    // The clerk's token with the manager's session cookie: the lock is the clerk's.
    const page = await newPage(t);
    const locked = await withToken('POST', `${page.url}/Lock`, bearer(clerk.secret), {}, cookie);
    expect(locked.status, locked.text).toBe(200);
    const holder = await t.database.db
      .selectFrom('submission')
      .select('lockedBy')
      .where('id', '=', locked.body.submissionId)
      .executeTakeFirstOrThrow();
    expect(holder.lockedBy).toBe(await t.userId('clerkA'));
  });

  it('a token limited to one collection sees nothing of the others', async () => {
    const manager = await t.as('manager');
    const other = await manager.post('/v1/api/Collection', { name: 'Another of the manager’s' });
    const demo = await t.demoCollectionId();
    const limited = bearer((await makeToken(manager, { scope: 'read', collectionId: demo })).secret);
    const open = bearer((await makeToken(manager, { scope: 'read' })).secret);
    expect((await withToken('GET', `/v1/api/Collection/${demo}`, limited)).status).toBe(200);
    expect((await withToken('GET', `/v1/api/Collection/${other.body.id}`, open)).status).toBe(200);
    expect((await withToken('GET', `/v1/api/Collection/${other.body.id}`, limited)).status).toBe(404);
    // Lists across collections do not exist for it.
    expect((await withToken('GET', '/v1/api/Collection', limited)).status).toBe(404);
    expect((await withToken('GET', '/v1/api/Collection', open)).status).toBe(200);
  });

  it('a limited token of an administrator is limited too', async () => {
    const admin = await t.as('superAdmin');
    const other = await admin.post('/v1/api/Collection', { name: 'Admin’s other' });
    const limited = bearer(
      (await makeToken(admin, { scope: 'read', collectionId: await t.demoCollectionId() })).secret,
    );
    expect((await withToken('GET', `/v1/api/Collection/${other.body.id}`, limited)).status).toBe(404);
  });

  it('no token manages tokens, users or sessions', async () => {
    const admin = await t.as('superAdmin');
    for (const scope of ['read', 'submit'] as const) {
      const auth = bearer((await makeToken(admin, { scope })).secret);
      expect((await withToken('GET', TOKENS_PATH, auth)).status).toBe(403);
      expect(
        (await withToken('POST', TOKENS_PATH, auth, { name: 'x', scope: 'read', expires: day(3) })).status,
      ).toBe(403);
      expect((await withToken('DELETE', `${TOKENS_PATH}/1`, auth)).status).toBe(403);
      expect((await withToken('POST', '/v1/api/User', auth, { email: 'new@dcf.example' })).status).toBe(403);
      const clerk = await t.userId('clerkB');
      expect((await withToken('PUT', `/v1/api/User/${clerk}/Active`, auth, { active: false })).status).toBe(
        403,
      );
      expect((await withToken('POST', '/v1/api/Auth/Logout', auth, {})).status).toBe(403);
    }
  });
});

describe('the user’s current rights', () => {
  it('a role taken away stops the token at once', async () => {
    const admin = await t.as('superAdmin');
    const clerkId = await t.userId('authoriserB');
    const collectionId = await t.demoCollectionId();
    const organisationId = await t.organisationId('RGT');
    const token = await makeToken(await t.as('authoriserB'), { scope: 'read' });
    const page = await newPage(t, { code: 'RGT' });
    expect((await withToken('GET', page.url, bearer(token.secret))).status).toBe(200);
    const role = { scope: 'organisation', collectionId, organisationId, role: 'Authoriser' };
    const removed = await admin.put(`/v1/api/User/${clerkId}/Role`, { ...role, granted: false });
    expect(removed.status, removed.text).toBeLessThan(300);
    expect((await withToken('GET', page.url, bearer(token.secret))).status).toBe(404);
    await admin.put(`/v1/api/User/${clerkId}/Role`, { ...role, granted: true });
    expect((await withToken('GET', page.url, bearer(token.secret))).status).toBe(200);
  });

  it('a deactivated user’s tokens stop at once', async () => {
    const admin = await t.as('superAdmin');
    const user = await t.database.db
      .insertInto('appUser')
      .values({ email: 'pat.user@dcf.example', name: 'Pat User', providerCode: 'X24', updatedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await makeToken(await t.asUser(user.id), { scope: 'read' });
    const before = await withToken('GET', '/v1/api/User/Current', bearer(token.secret));
    expect(before.body).toMatchObject({ isAuthenticated: true, email: 'pat.user@dcf.example' });
    const off = await admin.put(`/v1/api/User/${user.id}/Active`, { active: false });
    expect(off.status, off.text).toBeLessThan(300);
    expect((await withToken('GET', '/v1/api/User/Current', bearer(token.secret))).status).toBe(401);
  });
});

describe('use recorded and limited per token', () => {
  it('records the last use and audits reads once a minute per token, every write on its own', async () => {
    const authoriser = await t.as('authoriserA');
    const read = await makeToken(authoriser, { scope: 'read' });
    for (let i = 0; i < 3; i++)
      expect((await withToken('GET', '/v1/api/User/Current', bearer(read.secret))).status).toBe(200);
    const submit = await makeToken(authoriser, { scope: 'submit' });
    const page = await newPage(t);
    for (let i = 0; i < 2; i++)
      expect((await withToken('POST', `${page.url}/Lock`, bearer(submit.secret), {})).status).toBe(200);
    const uses = async (id: number) =>
      (
        await t.database.db
          .selectFrom('auditLog')
          .select(['after', 'requestId'])
          .where('action', '=', 'accessToken.use')
          .where('entityId', '=', String(id))
          .execute()
      ).map((r) => r.after);
    expect(await uses(read.id)).toEqual([{ method: 'GET', path: '/v1/api/User/Current', scope: 'read' }]);
    expect(await uses(submit.id)).toHaveLength(2);
    const listed = (await authoriser.get(TOKENS_PATH)).body.items.find(
      (i: { id: number }) => i.id === read.id,
    );
    expect(Date.now() - Date.parse(listed.lastUsedAt)).toBeLessThan(60_000);
  });

  it('each token has its own allowance per minute', async () => {
    const browser = await t.as('nhsi');
    const first = bearer((await makeToken(browser, { scope: 'read' })).secret);
    const second = bearer((await makeToken(browser, { scope: 'read' })).secret);
    const statuses: number[] = [];
    for (let i = 0; i <= TOKEN_LIMIT; i++)
      statuses.push((await withToken('GET', '/v1/api/User/Current', first)).status);
    expect(statuses.slice(0, TOKEN_LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses[TOKEN_LIMIT]).toBe(429);
    expect((await withToken('GET', '/v1/api/User/Current', second)).status).toBe(200);
    // The browser (same address) is not limited by the token's use.
    expect((await browser.get('/v1/api/User/Current')).status).toBe(200);
  });
});
