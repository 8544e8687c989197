import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { deferred } from '../../../test/support/deferred';
import { type FakeOrd, startFakeOrd } from '../../../test/support/fake-ord';
import { runJobs } from '../../../test/support/jobs';
import { buildApp } from '../../app';
import type { App } from '../../platform/route-module';
import { odsSyncJobHandler, runOdsSync } from './ods-sync';

let fake: FakeOrd;
beforeAll(async () => {
  fake = await startFakeOrd([
    { code: 'RJ1', name: "GUY'S AND ST THOMAS' NHS FOUNDATION TRUST (RENAMED)", regionCode: 'Y56' },
    { code: 'RGT', name: 'CAMBRIDGE UNIVERSITY HOSPITALS NHS FOUNDATION TRUST', regionCode: 'Y61' },
    { code: 'ZX1', name: 'NEW MERGED NHS TRUST', regionCode: 'Y63', openDate: '2024-04-01' },
    {
      code: 'ZX2',
      name: 'OLD PARTNER NHS TRUST',
      regionCode: 'Y63',
      closureDate: '2024-03-31',
      successorCode: 'ZX1',
    },
    {
      code: 'R1A',
      name: 'WORCESTERSHIRE HEALTH AND CARE NHS TRUST',
      closureDate: '2024-03-31',
      successorCode: 'RJ1',
    },
  ]);
});
afterAll(() => fake.close());
const t = useTestApp(() => ({ ODS_API_BASE_URL: fake.baseUrl }));

const org = (code: string) =>
  t.database.db.selectFrom('organisation').selectAll().where('code', '=', code).executeTakeFirst();

/** A full sync in pages of two, retrying a failed page at once. */
const fullSync = () =>
  runOdsSync(t.database.db, t.config, { pageSize: 2, backoffMs: 1, userId: null, mode: 'full' });

describe('POST /Organisation/Admin/Import', () => {
  // A real NHS trusts extract's layout (etr, no header): two known trusts changed, one new, one bad line.
  const csv = [
    "RJ1,GUY'S AND ST THOMAS' HOSPITALS (IMPORTED),Y56,Q71,TRUST OFFICES,GUY'S HOSPITAL,GREAT MAZE POND,LONDON,GREATER LONDON,SE1 9RT,19930401,,,,",
    'RZ1,IMPORTED NEW NHS TRUST,Y58,Q70,1 ROAD,,,BRISTOL,,BS1 1AA,20240401,,,,',
    'RZ2,,Y58,Q70,,,,,,,20240401,,,,',
    'R1C,SOLENT NHS TRUST,Y57,Q70,SOLENT NHS TRUST HEADQUARTERS,HIGHPOINT VENUE,BURSLEDON ROAD,SOUTHAMPTON,HAMPSHIRE,SO19 8BR,20110401,20240331,,,',
  ].join('\n');

  it('reports what would change in a dry run, and changes nothing', async () => {
    const admin = await t.as('superAdmin');
    const res = await admin.post('/v1/api/Organisation/Admin/Import', { content: csv, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dryRun: true,
      layout: { id: 'etr', name: 'NHS trusts (ODS etr.csv, no header row)' },
      added: 1,
      updated: 1,
      closed: 1,
      alreadyClosed: 0,
      unchanged: 0,
      refused: [{ line: 3, code: 'RZ2', reason: 'The name is missing' }],
      refusedCount: 1,
      types: [{ organisationTypeId: expect.any(Number), name: 'NHS Trust', count: 3 }],
      untyped: 0,
    });
    expect(await org('RZ1')).toBeUndefined();
    expect((await org('R1C'))?.closureDate).toBeNull();
  });

  it('imports base64 content: adds, updates, closes, audits; a second run changes nothing', async () => {
    const admin = await t.as('collectionAdmin');
    const content = Buffer.from(csv).toString('base64');
    const res = await admin.post('/v1/api/Organisation/Admin/Import', { content, encoding: 'base64' });
    expect(res.body).toMatchObject({ dryRun: false, added: 1, updated: 1, closed: 1 });
    expect(await org('RZ1')).toMatchObject({ name: 'IMPORTED NEW NHS TRUST', postcode: 'BS1 1AA' });
    expect((await org('R1C'))?.closureDate).toBe('2024-03-31');
    const closed = await admin.get('/v1/api/Organisation?query=R1C');
    expect(closed.body.items[0].isOpen).toBe(false);
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', 'like', 'organisation.import%')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'organisation.import',
      'organisation.import.add',
      'organisation.import.update',
      'organisation.import.update',
    ]);
    const again = await admin.post('/v1/api/Organisation/Admin/Import', { content, encoding: 'base64' });
    expect(again.body).toMatchObject({ added: 0, updated: 0, closed: 0, alreadyClosed: 1, unchanged: 2 });
  });

  it('answers 400 without content, 403 for a manager, 401 anonymously', async () => {
    const missing = await (await t.as('superAdmin')).post('/v1/api/Organisation/Admin/Import', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.content).toEqual(['Please fill in this field']);
    expect(
      (await (await t.as('manager')).post('/v1/api/Organisation/Admin/Import', { content: csv })).status,
    ).toBe(403);
    expect((await t.anonymous().post('/v1/api/Organisation/Admin/Import', { content: csv })).status).toBe(
      401,
    );
  });
});

describe('ODS sync task', () => {
  it('pages through the register, adds, updates, records closures and links successors', async () => {
    fake.requests.length = 0;
    const run = await runOdsSync(t.database.db, t.config, {
      pageSize: 2,
      userId: null,
      source: 'test',
      mode: 'full',
    });
    expect(run).toMatchObject({ status: 'succeeded', added: 2, closed: 1, failed: 0, error: null });
    expect(run.updated).toBeGreaterThanOrEqual(1);
    expect(fake.requests.filter((r) => r.startsWith('/organisations?'))).toEqual([
      '/organisations?PrimaryRoleId=RO197&Limit=2&Offset=0',
      '/organisations?PrimaryRoleId=RO197&Limit=2&Offset=2',
      '/organisations?PrimaryRoleId=RO197&Limit=2&Offset=4',
    ]);
    const rj1 = await org('RJ1');
    expect(rj1?.name).toBe("GUY'S AND ST THOMAS' NHS FOUNDATION TRUST (RENAMED)");
    const r1a = await org('R1A');
    expect(r1a).toMatchObject({ closureDate: '2024-03-31', successorId: rj1?.id });
    const zx1 = await org('ZX1');
    expect(await org('ZX2')).toMatchObject({ closureDate: '2024-03-31', successorId: zx1?.id });
    const region = await t.database.db
      .selectFrom('region')
      .select('id')
      .where('code', '=', 'Y63')
      .executeTakeFirstOrThrow();
    expect(zx1?.regionId).toBe(region.id);
    const listed = await (await t.as('manager')).get('/v1/api/Organisation?query=R1A');
    expect(listed.body.items[0].isOpen).toBe(false);
  });

  it('retries a failing page, then succeeds', async () => {
    fake.failures.set('/organisations?PrimaryRoleId=RO197&Limit=2&Offset=2', 2);
    const run = await fullSync();
    expect(run.status).toBe('succeeded');
    expect(run).toMatchObject({ added: 0, updated: 0, closed: 0 });
  });

  it('reports a page that keeps failing, and applies nothing', async () => {
    fake.orgs[0]!.name = 'A NAME THAT MUST NOT LAND';
    fake.orgs.push({ code: 'ZX3', name: 'NEVER ADDED NHS TRUST' });
    const page = '/organisations?PrimaryRoleId=RO197&Limit=2&Offset=4';
    fake.failures.set(page, Number.POSITIVE_INFINITY);
    fake.requests.length = 0;
    const run = await fullSync();
    expect(run.status).toBe('failed');
    expect(run.error).toContain('failed after 3 attempts');
    expect(fake.requests.filter((r) => r === page)).toHaveLength(3);
    expect((await org('RJ1'))?.name).toBe("GUY'S AND ST THOMAS' NHS FOUNDATION TRUST (RENAMED)");
    expect(await org('ZX3')).toBeUndefined();
    fake.failures.clear();
    fake.orgs[0]!.name = "GUY'S AND ST THOMAS' NHS FOUNDATION TRUST (RENAMED)";
    fake.orgs.pop();
  });
});

const runById = (id: number) =>
  t.database.db.selectFrom('odsSyncRun').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const jobOf = async (runId: number) => {
  const { jobId } = await runById(runId);
  return t.database.db.selectFrom('job').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
};
/** A register last synced longer ago than ORD keeps changes: the next run is a full one. */
const lastSyncedLongAgo = () =>
  sql`update ods_sync_run set started_at = '2020-01-01T00:00:00Z' where status = 'succeeded'`.execute(
    t.database.db,
  );
const auditOf = (action: string, runId: number) =>
  t.database.db
    .selectFrom('auditLog')
    .select(['action', 'entityId', 'after'])
    .where('action', '=', action)
    .where('entityId', '=', String(runId))
    .execute();

describe('POST /Organisation/Admin/TriggerSyncOrganisations and GET /Organisation/Admin/SyncRuns', () => {
  it('queues a run (202) that a worker runs and the administrator follows; one at a time (409)', async () => {
    const admin = await t.as('superAdmin');
    const res = await admin.post('/v1/api/Organisation/Admin/TriggerSyncOrganisations', {});
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ id: expect.any(Number), status: 'running', progress: null });
    // Queued, not yet run: a second press is refused, whichever instance it reaches.
    const again = await admin.post('/v1/api/Organisation/Admin/TriggerSyncOrganisations', {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('sync_in_progress');
    expect(await jobOf(res.body.id)).toMatchObject({ name: 'ods.sync', status: 'pending' });
    expect(await runJobs(t)).toBe(1);
    const runs = (await admin.get('/v1/api/Organisation/Admin/SyncRuns')).body;
    expect(runs[0]).toMatchObject({ id: res.body.id, status: 'succeeded', failed: 0, progress: null });
    expect(runs[0].finishedAt).not.toBeNull();
    expect(runs.length).toBeGreaterThanOrEqual(4);
    // Finished: the next press starts a run.
    const next = await admin.post('/v1/api/Organisation/Admin/TriggerSyncOrganisations', {});
    expect(next.status).toBe(202);
    await runJobs(t);
  });

  it('refuses a manager (403) and an anonymous caller (401)', async () => {
    const manager = await t.as('manager');
    expect((await manager.post('/v1/api/Organisation/Admin/TriggerSyncOrganisations', {})).status).toBe(403);
    expect((await manager.get('/v1/api/Organisation/Admin/SyncRuns')).status).toBe(403);
    expect((await t.anonymous().post('/v1/api/Organisation/Admin/TriggerSyncOrganisations', {})).status).toBe(
      401,
    );
    expect((await t.anonymous().get('/v1/api/Organisation/Admin/SyncRuns')).status).toBe(401);
  });
});

describe('two instances with their workers', () => {
  let first: App;
  let second: App;
  beforeAll(async () => {
    // Two more instances on the same database, each running its worker (polling every 50 ms).
    const config = { ...t.config, jobs: { run: true, concurrency: 2, pollMs: 50 } };
    first = await buildApp({ config, database: t.database });
    second = await buildApp({ config, database: t.database });
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it('run a sync once, and any instance shows its progress while it runs', async () => {
    let release: () => void = () => {};
    fake.holds.set(
      '/organisations/ZX2',
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    fake.requests.length = 0;
    await lastSyncedLongAgo();
    const admin = await t.as('superAdmin');
    const res = await admin.post('/v1/api/Organisation/Admin/TriggerSyncOrganisations', {});
    expect(res.status).toBe(202);
    expect(res.body.mode).toBe('full');
    // The instance answering the list runs no worker: the progress comes from the job's row.
    const runNow = async () => (await admin.get('/v1/api/Organisation/Admin/SyncRuns')).body[0];
    await expect.poll(async () => (await runNow()).progress?.phase, { timeout: 30_000 }).toBe('details');
    expect((await runNow()).progress).toMatchObject({ phase: 'details', total: fake.orgs.length });
    release();
    await expect.poll(async () => (await runNow()).status, { timeout: 30_000 }).toBe('succeeded');
    fake.holds.clear();
    // Each record fetched once: one worker ran the job, once.
    const details = fake.requests.filter((r) => r.startsWith('/organisations/'));
    expect(details.sort()).toEqual(fake.orgs.map((o) => `/organisations/${o.code}`).sort());
    expect(await jobOf(res.body.id)).toMatchObject({ status: 'done', attempts: 1 });
  }, 60_000);
});

describe('a sync whose worker stops', () => {
  it('runs again on another worker once the lease runs out; the stopped worker applies nothing', async () => {
    fake.orgs.push({ code: 'ZX9', name: 'LATE ARRIVAL NHS TRUST' });
    const { promise: stalledAt, resolve: stalled } = deferred();
    const { promise: woken, resolve: wake } = deferred();
    // The first worker stops answering once it has fetched everything (a paused or cut-off process).
    const pausing: typeof fetch = async (url, init) => {
      const answer = await fetch(url, init);
      if (String(url).endsWith('/organisations/ZX9')) {
        stalled();
        await woken;
      }
      return answer;
    };
    await lastSyncedLongAgo();
    const admin = await t.as('superAdmin');
    const res = await admin.post('/v1/api/Organisation/Admin/TriggerSyncOrganisations', {});
    expect(res.body.mode).toBe('full');
    const firstWorker = runJobs(t, { concurrency: 1, jobs: [odsSyncJobHandler({ fetch: pausing })] });
    await stalledAt;
    // Its lease runs out (no renewal from a stopped process): another worker claims the job and runs it.
    await t.database.db
      .updateTable('job')
      .set({ lockedUntil: new Date(Date.now() - 1_000) })
      .where('id', '=', (await runById(res.body.id)).jobId)
      .execute();
    expect(await runJobs(t)).toBe(1);
    expect(await runById(res.body.id)).toMatchObject({ status: 'succeeded', added: 1 });
    expect(await org('ZX9')).toMatchObject({ name: 'LATE ARRIVAL NHS TRUST' });
    expect(await auditOf('organisation.sync.resumed', res.body.id)).toHaveLength(1);
    // The first worker wakes: its transaction finds the job no longer its own and applies nothing.
    fake.orgs.at(-1)!.name = 'A NAME THAT MUST NOT LAND';
    wake();
    expect(await firstWorker).toBe(1);
    expect(await org('ZX9')).toMatchObject({ name: 'LATE ARRIVAL NHS TRUST' });
    expect(await auditOf('organisation.sync', res.body.id)).toHaveLength(1);
    expect(await jobOf(res.body.id)).toMatchObject({ status: 'done', attempts: 2 });
    fake.orgs.pop();
  });

  it('is marked failed (audited) when the worker is lost on its last attempt', async () => {
    const admin = await t.as('superAdmin');
    const res = await admin.post('/v1/api/Organisation/Admin/TriggerSyncOrganisations', {});
    const { jobId } = await runById(res.body.id);
    // Claimed three times (its attempts), and the last worker stopped too.
    await t.database.db
      .updateTable('job')
      .set({ status: 'running', attempts: 3, lockedUntil: new Date(Date.now() - 1_000) })
      .where('id', '=', jobId)
      .execute();
    expect(await runJobs(t)).toBe(1);
    const run = (await admin.get('/v1/api/Organisation/Admin/SyncRuns')).body[0];
    expect(run).toMatchObject({ id: res.body.id, status: 'failed', progress: null });
    expect(run.error).toBe('Interrupted. The worker running it stopped during its last attempt (3 of 3)');
    expect(await auditOf('organisation.sync.interrupted', res.body.id)).toHaveLength(1);
    // The next press starts a new run.
    expect((await admin.post('/v1/api/Organisation/Admin/TriggerSyncOrganisations', {})).status).toBe(202);
    await runJobs(t);
  });
});
