import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../src/db/seed/demo-users';
import { type ApiRoute, apiRoutesOf } from '../src/platform/request-context';
import { type Client, type PersonaKey, startTestApp, type TestApp } from './harness';

/**
 * The authorisation matrix: every registered /v1/api route x every demo persona (plus anonymous),
 * checked through HTTP against the expectation for the route's access rule. Generated from the route
 * list, so a new route is covered as soon as it is registered, and a route whose rule has no row in
 * `expectations` fails the suite until someone writes down who may use it.
 *
 * Scoped routes are called with the demo collection's ids (organisation: Guy's and St Thomas', RJ1).
 * Allowed calls send an empty body, so most writes stop at validation (400); allowed calls run last
 * for each route and destructive routes run last overall, so one call cannot change another's answer.
 */
type Expected = 'allow' | 'deny' | 'hidden';
const personas = demoUsers.map((u) => u.key as PersonaKey);
const only =
  (...allowed: PersonaKey[]) =>
  (p: PersonaKey): Expected =>
    allowed.includes(p) ? 'allow' : 'deny';
const admins: PersonaKey[] = ['superAdmin', 'collectionAdmin'];
/** Who may not know RJ1's data in the demo collection exists: RGT's submitters and the NHSI user. */
const outsideRj1 = (p: PersonaKey) => ['clerkB', 'authoriserB', 'nhsi'].includes(p);

const expectations: Record<string, (persona: PersonaKey) => Expected> = {
  public: () => 'allow',
  signedIn: () => 'allow',
  superAdmin: only('superAdmin'),
  admin: only(...admins),
  createCollection: only(...admins, 'manager'),
  anyManager: only(...admins, 'manager', 'submissionManager'),
  userDirectory: only(...admins, 'manager'),
  managementOrganisation: only(...admins, 'nhsi'),
  // Every demo persona has a role in the demo collection, but for the management-organisation user: it
  // does not require NHSI authorisation, so it does not exist for them (decision 0022; visibility.test.ts
  // proves the NHSI user's rows on a collection that requires it).
  collectionRead: (p) => (p === 'nhsi' ? 'hidden' : 'allow'),
  collectionSetup: (p) => (p === 'nhsi' ? 'hidden' : only(...admins, 'manager')(p)),
  collectionMonitor: (p) => (p === 'nhsi' ? 'hidden' : only(...admins, 'manager', 'submissionManager')(p)),
  // Submitters of another organisation (clerkB, authoriserB: RGT) are not told RJ1's data exists.
  organisationDataRead: (p) =>
    outsideRj1(p) ? 'hidden' : only(...admins, 'manager', 'submissionManager', 'clerkA', 'authoriserA')(p),
  organisationDataEdit: (p) => (outsideRj1(p) ? 'hidden' : only(...admins, 'clerkA', 'authoriserA')(p)),
  submissionLockRelease: (p) =>
    outsideRj1(p) ? 'hidden' : only(...admins, 'manager', 'clerkA', 'authoriserA')(p),
  submissionManage: (p) => (outsideRj1(p) ? 'hidden' : only(...admins, 'manager')(p)),
  nhsiAuthorisation: (p) => (outsideRj1(p) ? 'hidden' : only(...admins)(p)),
};

let t: TestApp;
let routes: ApiRoute[];
let ids: Record<string, number>;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SIGN_IN_MAX: '100000' });
  routes = [...apiRoutesOf(t.app)].sort(byRisk);
  const db = t.database.db;
  const collection = await db
    .selectFrom('collection')
    .select('id')
    .where('name', '=', 'Monthly workforce return')
    .executeTakeFirstOrThrow();
  const organisation = await db
    .selectFrom('organisation')
    .select('id')
    .where('code', '=', 'RJ1')
    .executeTakeFirstOrThrow();
  const first = async (table: 'reportingPeriod' | 'form' | 'schedule') =>
    (
      await db
        .selectFrom(table)
        .select('id')
        .where('collectionId', '=', collection.id)
        .orderBy('id')
        .executeTakeFirst()
    )?.id ?? 1;
  ids = {
    collection: collection.id,
    organisation: organisation.id,
    period: await first('reportingPeriod'),
    form: await first('form'),
    schedule: await first('schedule'),
    ...(await demoSubmission(collection.id, organisation.id)),
  };
}, 60_000);
afterAll(() => t.close());

/**
 * One draft submission of RJ1 in the demo collection's open period, made through the API (lock, save,
 * release), for the routes that name a submission or a revision.
 */
async function demoSubmission(collectionId: number, organisationId: number) {
  const now = new Date();
  const open = await t.database.db
    .selectFrom('reportingPeriod')
    .select('id')
    .where('collectionId', '=', collectionId)
    .where('submissionsOpen', '<=', now)
    .where('submissionsClose', '>', now)
    .executeTakeFirstOrThrow();
  const authoriser = await t.as('authoriserA');
  const page = `/v1/api/Collection/${collectionId}/ReportingPeriod/${open.id}/Organisation/${organisationId}/Submission`;
  const locked = await authoriser.post(`${page}/Lock`);
  const saved = await authoriser.post(`/v1/api/Submission/${locked.body.submissionId}/SubmissionRevision`, {
    content: { headcount: 1 },
    status: 'draft',
    baseRevisionId: null,
  });
  if (saved.status !== 201) throw new Error(`demo submission: ${saved.status} ${saved.text}`);
  await authoriser.delete(`${page}/Lock`);
  return { submission: saved.body.submissionId as number, revision: saved.body.currentRevisionId as number };
}

/** Reads first, then writes, deletes and migrations last; longer (narrower) URLs before shorter ones. */
function byRisk(a: ApiRoute, b: ApiRoute): number {
  const rank = (r: ApiRoute) =>
    (r.url.includes('/Migration/') ? 10 : 0) +
    ({ GET: 0, POST: 1, PUT: 2, PATCH: 3, DELETE: 4 }[r.method] ?? 5);
  return rank(a) - rank(b) || b.url.length - a.url.length || (a.url < b.url ? -1 : 1);
}

/** Fills route parameters with the demo records' ids. */
function concreteUrl(url: string): string {
  const resource = url.split('/')[3] ?? '';
  return url.replace(/:(\w+)/g, (_m, name: string) => {
    const key = name.toLowerCase();
    if (key === 'name') return 'SESSIONMANAGEMENT';
    if (key === 'collectionid') return String(ids.collection);
    if (key === 'organisationid' || key === 'orgid') return String(ids.organisation);
    if (key.includes('period') || key === 'rpid') return String(ids.period);
    if (key === 'formid') return String(ids.form);
    if (key === 'scheduleid') return String(ids.schedule);
    if (key === 'id') {
      if (resource === 'Collection' || url.includes('/Collection/:id')) return String(ids.collection);
      if (resource === 'Organisation') return String(ids.organisation);
      if (resource === 'Schedule') return String(ids.schedule);
      if (resource === 'ReportingPeriod') return String(ids.period);
      if (resource === 'Submission') return String(ids.submission);
      if (resource === 'SubmissionRevision') return String(ids.revision);
    }
    return '1';
  });
}

/** Routes whose scope is in the query or the body get the demo submission's ids there. */
function concreteQuery(url: string): string {
  return url.endsWith('/Submission/SubmissionRevisions') ? `?submissionId=${ids.submission}` : '';
}
function concreteBody(url: string): object {
  if (url.endsWith('/ExcelTemplate/Populate')) return { submissionId: ids.submission };
  return url.endsWith('/SubmissionRevisions/SoftDelete') ? { revisionIds: [ids.revision] } : {};
}

async function call(client: Client, route: ApiRoute, url = concreteUrl(route.url)) {
  const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  return client.request(
    method,
    url + concreteQuery(route.url),
    method === 'GET' ? undefined : concreteBody(route.url),
  );
}

describe('authorisation matrix (generated from the route list)', () => {
  it('knows every registered route and every access rule they use', () => {
    expect(routes.length).toBeGreaterThan(10);
    const unknown = [...new Set(routes.map((r) => r.access.name))].filter((name) => !(name in expectations));
    expect(unknown, 'access rules without a row in the expectation table').toEqual([]);
  });

  it('answers 401 / 403 / 404 / allowed for every route x persona, as the policy table says', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const expect_ = expectations[route.access.name];
      if (!expect_) continue;
      const label = `${route.method} ${route.url} [${route.access.name}]`;
      const anonymous = await call(t.anonymous(), route);
      if (route.access.requiresSignIn && anonymous.status !== 401)
        failures.push(`${label} anonymous: ${anonymous.status}, expected 401`);
      if (!route.access.requiresSignIn && [401, 403].includes(anonymous.status))
        failures.push(`${label} anonymous: ${anonymous.status} on a public route`);
      // Refusals first, allowed callers last (their calls may change data).
      const ordered = [...personas].sort(
        (a, b) => Number(expect_(a) === 'allow') - Number(expect_(b) === 'allow'),
      );
      for (const persona of ordered) {
        const expected = expect_(persona);
        const res = await call(await t.as(persona), route);
        const ok =
          expected === 'allow'
            ? ![401, 403].includes(res.status) && res.status < 500
            : res.status === (expected === 'deny' ? 403 : 404);
        if (!ok) failures.push(`${label} ${persona}: ${res.status}, expected ${expected}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('hides a collection the caller has no role in (404, never 403)', async () => {
    const failures: string[] = [];
    const scoped = routes.filter(
      (r) => r.access.name.startsWith('collection') && /^\/v1\/api\/Collection\/:id(\/|$)/.test(r.url),
    );
    expect(scoped.length).toBeGreaterThan(0);
    const unknownCollection = 999_999;
    for (const route of scoped.filter((r) => r.method === 'GET')) {
      const url = concreteUrl(route.url).replace(
        `/Collection/${ids.collection}`,
        `/Collection/${unknownCollection}`,
      );
      const res = await call(await t.as('clerkA'), route, url);
      if (res.status !== 404) failures.push(`${route.method} ${route.url}: ${res.status}, expected 404`);
    }
    expect(failures).toEqual([]);
  });
});

describe('CSRF (generated from the route list)', () => {
  it('refuses every non-GET route without the anti-forgery header (403), signed in or not', async () => {
    const failures: string[] = [];
    const writes = routes.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(5);
    const admin = await t.as('superAdmin');
    for (const route of writes) {
      const url = concreteUrl(route.url);
      const method = route.method as 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      for (const [who, client] of [
        ['superAdmin', admin],
        ['anonymous', t.anonymous()],
      ] as const) {
        const res = await client.request(method, url, {}, { csrf: false });
        if (res.status !== 403) failures.push(`${route.method} ${route.url} ${who}: ${res.status}`);
      }
      const forged = await admin.request(
        method,
        url,
        {},
        { csrf: false, headers: { 'x-xsrf-token': 'forged-token-value' } },
      );
      if (forged.status !== 403)
        failures.push(`${route.method} ${route.url} forged header: ${forged.status}`);
    }
    expect(failures).toEqual([]);
    // The admin's session still works: nothing above ran.
    expect((await admin.get('/v1/api/User/Current')).body.isSuperAdmin).toBe(true);
  });
});
