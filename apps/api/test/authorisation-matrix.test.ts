import { beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../src/db/seed/demo-users';
import { type ApiRoute, apiRoutesOf } from '../src/platform/request-context';
import { changedTables, fingerprint } from './db-fingerprint';
import { type Client, type PersonaKey, useTestApp } from './harness';
import {
  type Expected,
  type MatrixContext,
  type WriteCall,
  type WriteCase,
  writeCases,
} from './matrix-writes';
import { buildVisibilityScenario } from './visibility-scenario';

/**
 * The authorisation matrix: every registered /v1/api route x every demo persona (plus anonymous),
 * checked through HTTP against the expectation for the route's access rule. Generated from the route
 * list, so a new route is covered as soon as it is registered, and a route whose rule has no row in
 * `expectations` (or a write route without a request in matrix-writes.ts) fails the suite until someone
 * writes down who may use it and how.
 *
 * Scoped routes are called with the demo collection's ids (organisation: Guy's and St Thomas', RJ1).
 * Reads: allowed answers 200. Writes send a valid request (matrix-writes.ts): every refusal (401, 403,
 * 404) is proven to change no table, every allowed call answers 2xx and changes the tables its route is
 * for (and reads the change back through the API where the route has a read). Refusals run before the
 * allowed calls of each route, and destructive routes last overall.
 */
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
  ownAccountSession: () => 'allow',
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
  // The route's rule; its write case narrows it to the organisation's own authoriser (decision 0036).
  submissionSendBack: (p) => (outsideRj1(p) ? 'hidden' : only(...admins, 'authoriserA')(p)),
  nhsiAuthorisation: (p) => (outsideRj1(p) ? 'hidden' : only(...admins)(p)),
};

let routes: ApiRoute[];
let ids: MatrixContext['ids'];
let cases: Record<string, WriteCase>;

const t = useTestApp({
  RATE_LIMIT_SIGN_IN_MAX: '100000',
  STORAGE_DRIVER: 'local',
});
beforeAll(async () => {
  routes = [...apiRoutesOf(t.app)].sort(byRisk);
  const db = t.database.db;
  const collection = await t.demoCollectionId();
  const organisation = await t.organisationId('RJ1');
  const first = async (table: 'form' | 'schedule') =>
    (
      await db
        .selectFrom(table)
        .select('id')
        .where('collectionId', '=', collection)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  ids = {
    collection,
    organisation,
    rgt: await t.organisationId('RGT'),
    form: await first('form'),
    schedule: await first('schedule'),
    ...(await demoSubmission(collection, organisation)),
  };
  const users = Object.fromEntries(
    await Promise.all(demoUsers.map(async (u) => [u.key, await t.userId(u.key)] as const)),
  ) as MatrixContext['users'];
  const helper = await db
    .insertInto('appUser')
    // Of the management organisation, so the manager roles may go to the helper (decision 0032).
    .values({
      email: 'matrix.helper@dcf.example',
      name: 'Matrix Helper',
      providerCode: 'X24',
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sandbox = await (await t.as('manager')).post('/v1/api/Collection', { name: 'Matrix sandbox' });
  cases = writeCases({ t, ids, users, helper: helper.id, sandbox: sandbox.body.id });
}, 120_000);

/**
 * One draft submission of RJ1 in the demo collection's open period, made through the API (lock, save,
 * release), for the routes that name a period, a submission or a revision.
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
  return {
    period: open.id,
    submission: saved.body.submissionId as number,
    revision: saved.body.currentRevisionId as number,
  };
}

/** Reads first, then writes, deletes and migrations last; longer (narrower) URLs before shorter ones. */
function byRisk(a: ApiRoute, b: ApiRoute): number {
  const rank = (r: ApiRoute) =>
    (r.url.includes('/Migration/') ? 10 : 0) +
    ({ GET: 0, POST: 1, PUT: 2, PATCH: 3, DELETE: 4 }[r.method] ?? 5);
  return rank(a) - rank(b) || b.url.length - a.url.length || (a.url < b.url ? -1 : 1);
}

/** Fills route parameters with the demo records' ids (or a write case's own records). */
function concreteUrl(url: string, params: WriteCall['params'] = {}, records = ids): string {
  const ids = records;
  const resource = url.split('/')[3] ?? '';
  return url.replace(/:(\w+)/g, (_m, name: string) => {
    if (params[name] !== undefined) return String(params[name]);
    const key = name.toLowerCase();
    if (key === 'name') return 'SESSIONMANAGEMENT';
    if (key === 'set') return 'Returns'; // an OData feed's entity set
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

/** Query strings a read needs: the demo submission's id, an export's format. */
function concreteQuery(url: string, records = ids): string {
  const ids = records;
  if (url.endsWith('/Export')) return '?format=csv';
  return url.endsWith('/Submission/SubmissionRevisions') ? `?submissionId=${ids.submission}` : '';
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const keyOf = (route: ApiRoute) => `${route.method} ${route.url}`;

/** A read, or a write with the request its case arranges. */
function call(
  client: Client,
  route: ApiRoute,
  request: WriteCall = {},
  url = concreteUrl(route.url, request.params),
) {
  const method = route.method as Method;
  return client.request(
    method,
    url + concreteQuery(route.url),
    method === 'GET' ? undefined : request.body,
    request.headers ? { headers: request.headers } : {},
  );
}

const refused = (expected: Expected, status: number) => status === (expected === 'deny' ? 403 : 404);

/** A read: 401 anonymously on a protected route, 200 to those allowed, 403 / 404 to the others. */
async function checkRead(route: ApiRoute, expect_: (p: PersonaKey) => Expected, failures: string[]) {
  const label = `${keyOf(route)} [${route.access.name}]`;
  const anonymous = await call(t.anonymous(), route);
  if (route.access.requiresSignIn && anonymous.status !== 401)
    failures.push(`${label} anonymous: ${anonymous.status}, expected 401`);
  for (const persona of personas) {
    const expected = expect_(persona);
    const res = await call(await t.as(persona), route);
    // Public reads (sign-in) answer redirects and their own refusals; signed-in reads answer 200.
    const allowed = route.access.requiresSignIn ? res.status < 300 : ![401, 403].includes(res.status);
    const ok = expected === 'allow' ? allowed && res.status < 500 : refused(expected, res.status);
    if (!ok)
      failures.push(`${label} ${persona}: ${res.status}, expected ${expected} ${res.text.slice(0, 120)}`);
  }
}

/**
 * A write with a valid request: the refusals (anonymous and the personas the rule refuses) change no
 * table; each allowed caller's call answers 2xx and changes the tables the route is for.
 */
async function checkWrite(
  route: ApiRoute,
  write: WriteCase,
  expect_: (p: PersonaKey) => Expected,
  failures: string[],
) {
  const label = `${keyOf(route)} [${route.access.name}]`;
  const db = t.database.db;
  const refusing = personas.filter((p) => expect_(p) !== 'allow');
  const request = await write.arrange(refusing[0] ?? 'anonymous', 99);
  const before = await fingerprint(db);
  const anonymous = await call(t.anonymous(), route, request);
  if (route.access.requiresSignIn && anonymous.status !== 401)
    failures.push(`${label} anonymous: ${anonymous.status}, expected 401`);
  for (const persona of refusing) {
    const res = await call(await t.as(persona), route, request);
    if (!refused(expect_(persona), res.status))
      failures.push(`${label} ${persona}: ${res.status}, expected ${expect_(persona)}`);
  }
  const changedByRefusals = changedTables(before, await fingerprint(db));
  if (changedByRefusals.length > 0)
    failures.push(`${label} refused calls changed ${changedByRefusals.join(', ')}`);

  const allowed = personas.filter((p) => expect_(p) === 'allow');
  for (const [n, persona] of allowed.entries()) {
    const request = await write.arrange(persona, n);
    const client = await t.as(persona);
    const before = await fingerprint(db);
    const res = await call(client, route, request);
    const changed = changedTables(before, await fingerprint(db));
    if (res.status >= 300) {
      failures.push(`${label} ${persona}: ${res.status}, expected 2xx: ${res.text.slice(0, 200)}`);
      continue;
    }
    const missing = write.changes.filter((table) => !changed.includes(table));
    if (missing.length > 0) failures.push(`${label} ${persona}: ${missing.join(', ')} unchanged`);
    // A route that only reads may write its audit record, nothing else.
    if (write.changes.length === 0 && changed.some((table) => table !== 'audit_log'))
      failures.push(`${label} ${persona}: a read changed ${changed.join(', ')}`);
    const wrong = await write.check?.(res, request, client);
    if (wrong) failures.push(`${label} ${persona}: ${wrong}`);
  }
  await write.restore?.();
}

describe('authorisation matrix (generated from the route list)', () => {
  it('knows every registered route and every access rule they use', () => {
    expect(routes.length).toBeGreaterThan(10);
    const unknown = [...new Set(routes.map((r) => r.access.name))].filter((name) => !(name in expectations));
    expect(unknown, 'access rules without a row in the expectation table').toEqual([]);
  });

  it('answers 401 / 403 / 404 / allowed for every route x persona; writes change what they should, refusals nothing', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const write = cases[keyOf(route)];
      const expect_ = write?.expected ?? expectations[route.access.name];
      if (!expect_) continue;
      if (route.method === 'GET') await checkRead(route, expect_, failures);
      else if (!write) failures.push(`${keyOf(route)}: no valid request in matrix-writes.ts`);
      else await checkWrite(route, write, expect_, failures);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  // The demo collection does not require NHSI authorisation, so the rows above hide it from the NHSI user.
  it('gives the NHSI user their rows where NHSI authorisation is required (a collection made through the API)', async () => {
    const s = await buildVisibilityScenario(t);
    const db = t.database.db;
    const manager = await t.as('manager');
    const schedule = await manager.post(`/v1/api/Collection/${s.regulated.id}/Schedule`, {
      reportingCycle: 'weekly',
      firstReportingPeriodStart: '2031-01-06',
      lastReportingPeriodStart: '2031-03-31',
      daysOpen: 5,
      includeWorkingDaysOnly: false,
      isDefault: false,
    });
    const form = await db
      .selectFrom('form')
      .select('id')
      .where('collectionId', '=', s.regulated.id)
      .executeTakeFirstOrThrow();
    const submission = await db
      .selectFrom('submission')
      .select('currentRevisionId')
      .where('id', '=', s.regulated.rj1Submission)
      .executeTakeFirstOrThrow();
    const regulated = {
      ...ids,
      collection: s.regulated.id,
      period: s.regulated.periodId,
      form: form.id,
      schedule: schedule.body.id,
      submission: s.regulated.rj1Submission,
      revision: Number(submission.currentRevisionId),
    };
    // RJ1's return there is submitted, awaiting NHSI authorisation: theirs to read and authorise.
    const row: Record<string, Expected> = {
      collectionRead: 'allow',
      collectionSetup: 'deny',
      collectionMonitor: 'deny',
      organisationDataRead: 'allow',
      organisationDataEdit: 'deny',
      submissionLockRelease: 'deny',
      submissionManage: 'deny',
      nhsiAuthorisation: 'allow',
    };
    const nhsi = await t.as('nhsi');
    const failures: string[] = [];
    const reads = routes.filter((r) => r.method === 'GET' && r.access.name in row);
    expect(reads.length).toBeGreaterThan(10);
    for (const route of reads) {
      const expected = row[route.access.name]!;
      const res = await nhsi.get(concreteUrl(route.url, {}, regulated) + concreteQuery(route.url, regulated));
      if (expected === 'allow' ? res.status !== 200 : !refused(expected, res.status))
        failures.push(`${keyOf(route)} [${route.access.name}] nhsi: ${res.status}, expected ${expected}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

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
      const res = await call(await t.as('clerkA'), route, {}, url);
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
