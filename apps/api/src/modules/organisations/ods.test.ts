import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { type FakeOrd, startFakeOrd } from '../../../test/support/fake-ord';
import { recoverStuckRuns, runOdsSync } from './ods-sync';

let t: TestApp;
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
  t = await startTestApp({ ODS_API_BASE_URL: fake.baseUrl });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const org = (code: string) =>
  t.database.db.selectFrom('organisation').selectAll().where('code', '=', code).executeTakeFirst();

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
    const run = await runOdsSync(t.database.db, {
      baseUrl: fake.baseUrl,
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
    const run = await runOdsSync(t.database.db, {
      baseUrl: fake.baseUrl,
      pageSize: 2,
      backoffMs: 1,
      userId: null,
      mode: 'full',
    });
    expect(run.status).toBe('succeeded');
    expect(run).toMatchObject({ added: 0, updated: 0, closed: 0 });
  });

  it('reports a page that keeps failing, and applies nothing', async () => {
    fake.orgs[0]!.name = 'A NAME THAT MUST NOT LAND';
    fake.orgs.push({ code: 'ZX3', name: 'NEVER ADDED NHS TRUST' });
    const page = '/organisations?PrimaryRoleId=RO197&Limit=2&Offset=4';
    fake.failures.set(page, Number.POSITIVE_INFINITY);
    fake.requests.length = 0;
    const run = await runOdsSync(t.database.db, {
      baseUrl: fake.baseUrl,
      pageSize: 2,
      backoffMs: 1,
      userId: null,
      mode: 'full',
    });
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

describe('POST /Organisation/Admin/TriggerSyncOrganisations and GET /Organisation/Admin/SyncRuns', () => {
  it('starts a background run (202) whose outcome the administrator can follow', async () => {
    const admin = await t.as('superAdmin');
    const res = await admin.post('/v1/api/Organisation/Admin/TriggerSyncOrganisations', {});
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ id: expect.any(Number), status: 'running' });
    let runs = (await admin.get('/v1/api/Organisation/Admin/SyncRuns')).body;
    for (let i = 0; i < 100 && runs[0].status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      runs = (await admin.get('/v1/api/Organisation/Admin/SyncRuns')).body;
    }
    expect(runs[0]).toMatchObject({ id: res.body.id, status: 'succeeded', failed: 0 });
    expect(runs[0].finishedAt).not.toBeNull();
    expect(runs.length).toBeGreaterThanOrEqual(4);
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

describe('a sync run left running by a stopped instance', () => {
  const insertRun = (startedAt: Date, status: 'running' | 'failed' = 'running') =>
    t.database.db
      .insertInto('odsSyncRun')
      .values({ status, source: 'api', startedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
  const runById = (id: number) =>
    t.database.db.selectFrom('odsSyncRun').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const waitForRuns = async (admin: Awaited<ReturnType<typeof t.as>>) => {
    let runs = (await admin.get('/v1/api/Organisation/Admin/SyncRuns')).body;
    for (let i = 0; i < 100 && runs[0].status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      runs = (await admin.get('/v1/api/Organisation/Admin/SyncRuns')).body;
    }
    return runs;
  };

  it('blocks a new run (409) while it is recent', async () => {
    const recent = await insertRun(new Date(Date.now() - 10 * 60_000));
    const admin = await t.as('superAdmin');
    const res = await admin.post('/v1/api/Organisation/Admin/TriggerSyncOrganisations', {});
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('sync_in_progress');
    await t.database.db
      .updateTable('odsSyncRun')
      .set({ status: 'failed' })
      .where('id', '=', recent.id)
      .execute();
  });

  it('is marked failed after the timeout (audited), and a new run starts and succeeds', async () => {
    const stuck = await insertRun(new Date(Date.now() - 3 * 60 * 60_000));
    const admin = await t.as('superAdmin');
    const res = await admin.post('/v1/api/Organisation/Admin/TriggerSyncOrganisations', {});
    expect(res.status).toBe(202);
    expect(res.body.id).not.toBe(stuck.id);
    const old = await runById(stuck.id);
    expect(old.status).toBe('failed');
    expect(old.error).toBe(
      'Interrupted: still running after 120 minutes (the instance running it stopped); nothing was applied',
    );
    expect(old.finishedAt).not.toBeNull();
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'entityId'])
      .where('action', '=', 'organisation.sync.interrupted')
      .execute();
    expect(audit).toEqual([{ action: 'organisation.sync.interrupted', entityId: String(stuck.id) }]);
    const runs = await waitForRuns(admin);
    expect(runs[0]).toMatchObject({ id: res.body.id, status: 'succeeded', progress: null });
    expect(runs.find((r: { id: number }) => r.id === stuck.id)).toMatchObject({ status: 'failed' });
  });

  it('shows as failed in the list once past the timeout, without anyone pressing the button', async () => {
    const stuck = await insertRun(new Date(Date.now() - 3 * 60 * 60_000));
    const runs = (await (await t.as('collectionAdmin')).get('/v1/api/Organisation/Admin/SyncRuns')).body;
    expect(runs.find((r: { id: number }) => r.id === stuck.id)).toMatchObject({ status: 'failed' });
  });

  it('applies nothing when a slow run finishes after being marked failed', async () => {
    fake.orgs.push({ code: 'ZX9', name: 'LATE ARRIVAL NHS TRUST' });
    const slow = await insertRun(new Date(Date.now() - 3 * 60 * 60_000));
    // The run has fetched everything when another instance's recovery marks it failed.
    const run = await runOdsSync(t.database.db, {
      baseUrl: fake.baseUrl,
      userId: null,
      runId: slow.id,
      fetch: async (url, init) => {
        const answer = await fetch(url, init);
        if (String(url).endsWith('/organisations/ZX9')) await recoverStuckRuns(t.database.db, 60);
        return answer;
      },
    });
    expect(run.status).toBe('failed');
    expect(run.error).toContain('Interrupted');
    expect(await org('ZX9')).toBeUndefined();
    fake.orgs.pop();
  });
});
