import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { auditEntries } from '../../../test/support/audit';
import { type FakeOrd, startFakeOrd } from '../../../test/support/fake-ord';
import { runJobs } from '../../../test/support/jobs';
import { codeOfOrgLink, incrementalSince } from './ods-incremental';
import { listSyncRuns, odsSyncJobHandler, runOdsSync, startOdsSync } from './ods-sync';

/**
 * Incremental sync against the local ORD fake, which answers the real API's sync endpoint
 * (`/sync?LastChangeDate=`: OrgLinks of every role changed since) and LastChangeDate role listings.
 */
let fake: FakeOrd;
const OLD = '2024-01-01';
const RECENT = '2026-11-20';
beforeAll(async () => {
  fake = await startFakeOrd([
    // Seeded trusts the register knows: two changed recently, one not.
    {
      code: 'RJ1',
      name: "GUY'S AND ST THOMAS' NHS FOUNDATION TRUST (RENAMED)",
      regionCode: 'Y56',
      lastChangeDate: RECENT,
    },
    {
      code: 'R1A',
      name: 'WORCESTERSHIRE HEALTH AND CARE NHS TRUST',
      closureDate: '2026-10-31',
      lastChangeDate: RECENT,
    },
    { code: 'RGT', name: 'CAMBRIDGE UNIVERSITY HOSPITALS NHS FOUNDATION TRUST', lastChangeDate: OLD },
    // New trusts, changed recently; and a pharmacy the register does not keep.
    ...Array.from({ length: 7 }, (_, i) => ({
      code: `RZ${i}`,
      name: `NEW INCREMENTAL NHS TRUST ${i}`,
      regionCode: 'Y63',
      lastChangeDate: RECENT,
    })),
    { code: 'FA123', name: 'CORNER PHARMACY', role: 'RO182', lastChangeDate: RECENT },
  ]);
});
afterAll(() => fake.close());
const t = useTestApp(() => ({ ODS_API_BASE_URL: fake.baseUrl }));

const org = (code: string) =>
  t.database.db.selectFrom('organisation').selectAll().where('code', '=', code).executeTakeFirst();
const runRow = (id: number) =>
  t.database.db.selectFrom('odsSyncRun').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const details = () => fake.requests.filter((r) => r.startsWith('/organisations/')).sort();

describe('incremental ODS sync', () => {
  it('reads the code from an OrgLink', () => {
    expect(
      codeOfOrgLink('https://directory.spineservices.nhs.uk/ORD/2-0-0/organisations/8HD87?_format=xml'),
    ).toBe('8HD87');
    expect(codeOfOrgLink('nonsense')).toBeNull();
  });

  it('is incremental from the day before the last successful run, within the 185 days the API keeps', async () => {
    const db = t.database.db;
    expect(await incrementalSince(db)).toBeNull();
    const run = await db
      .insertInto('odsSyncRun')
      .values({ status: 'succeeded', source: 'test', startedAt: new Date('2026-11-19T10:00:00Z') })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await incrementalSince(db, '2026-11-23')).toBe('2026-11-18');
    expect(await incrementalSince(db, '2027-06-30')).toBeNull();
    await db.deleteFrom('odsSyncRun').where('id', '=', run.id).execute();
  });

  it('fetches only what changed since the date, of roles the register keeps, and applies it', async () => {
    fake.requests.length = 0;
    const run = await runOdsSync(t.database.db, t.config, {
      userId: null,
      source: 'test',
      since: '2026-11-01',
      batchSize: 4,
    });
    expect(run).toMatchObject({
      status: 'succeeded',
      mode: 'incremental',
      since: '2026-11-01',
      added: 7,
      closed: 1,
    });
    expect(run.updated).toBe(1);
    // One sync call, one role listing with the date, and details of the 9 changed organisations only:
    // not the unchanged RGT, not the pharmacy.
    expect(fake.requests.filter((r) => !r.startsWith('/organisations/'))).toEqual([
      '/sync?LastChangeDate=2026-11-01',
      '/organisations?PrimaryRoleId=RO197&LastChangeDate=2026-11-01&Limit=1000&Offset=0',
    ]);
    expect(details()).toEqual(
      ['R1A', 'RJ1', ...Array.from({ length: 7 }, (_, i) => `RZ${i}`)]
        .map((c) => `/organisations/${c}`)
        .sort(),
    );
    expect((await org('RJ1'))?.name).toBe("GUY'S AND ST THOMAS' NHS FOUNDATION TRUST (RENAMED)");
    expect(await org('R1A')).toMatchObject({ closureDate: '2026-10-31', odsStatus: 'closed' });
    expect(await org('RZ6')).toMatchObject({ name: 'NEW INCREMENTAL NHS TRUST 6' });
    expect(await org('FA123')).toBeUndefined();
    expect(await runRow(run.id)).toMatchObject({ position: 9, codes: expect.any(Array) });
  });

  it('after a worker stops mid-run, another continues from the recorded position with the same plan', async () => {
    for (const o of fake.orgs) if (o.code.startsWith('RZ')) o.name = `${o.name} (CHANGED AGAIN)`;
    fake.requests.length = 0;
    // The worker stops while fetching the 6th record: its fetch never answers again.
    let fetched = 0;
    let stopped = false;
    let release: (() => void) | undefined;
    const dying: typeof fetch = async (url, init) => {
      if (stopped) throw new Error('the instance stopped');
      if (String(url).includes('/organisations/RZ') && ++fetched > 5) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        stopped = true;
        throw new Error('the instance stopped');
      }
      return fetch(url, init);
    };
    const { run } = await startOdsSync(t.database.db, {
      userId: null,
      since: '2026-11-01',
      batchSize: 4,
      concurrency: 1,
    });
    const lost = runJobs(t, { concurrency: 1, jobs: [odsSyncJobHandler({ fetch: dying })] });
    for (let i = 0; i < 2400 && !release; i++) await new Promise((r) => setTimeout(r, 50));
    expect(release).toBeDefined();
    const crashed = await runRow(run.id);
    // Batches of 4: the first was applied and recorded; the second never finished.
    expect(crashed).toMatchObject({ status: 'running', mode: 'incremental', position: 4 });
    expect(crashed.codes).toHaveLength(9);
    expect((await org('RZ0'))?.name).toContain('CHANGED AGAIN');
    expect((await org('RZ6'))?.name).not.toContain('CHANGED AGAIN');
    // Any instance shows how far it got (the job's progress); a new run is refused while it runs.
    expect((await listSyncRuns(t.database.db))[0]).toMatchObject({
      id: run.id,
      progress: { phase: 'details', done: 4, total: 9 },
    });
    await expect(startOdsSync(t.database.db, { userId: 1 })).rejects.toMatchObject({
      status: 409,
      code: 'sync_in_progress',
    });

    // Its lease runs out (the stopped worker renews it no more): the next worker claims it and continues.
    await t.database.db
      .updateTable('job')
      .set({ lockedUntil: new Date(Date.now() - 1_000) })
      .where('id', '=', crashed.jobId)
      .execute();
    fake.requests.length = 0;
    expect(await runJobs(t)).toBe(1);
    // Only the codes after the recorded position were fetched again; no new listing.
    expect(fake.requests.some((r) => r.startsWith('/sync'))).toBe(false);
    expect(details()).toHaveLength(5);
    expect((await org('RZ6'))?.name).toContain('CHANGED AGAIN');
    expect(await runRow(run.id)).toMatchObject({ status: 'succeeded', position: 9 });
    expect(await auditEntries(t, 'organisation.sync.resumed')).toHaveLength(1);
    // The stopped worker wakes up: it no longer holds the job, so it changes nothing and reports nothing.
    release?.();
    expect(await lost).toBe(1);
    expect(await runRow(run.id)).toMatchObject({ status: 'succeeded', position: 9, error: null });
  }, 180_000);

  it('a page that keeps failing fails the run; what earlier batches applied stays, and says where it stopped', async () => {
    for (const o of fake.orgs)
      if (o.code.startsWith('RZ')) o.name = o.name.replace(' (CHANGED AGAIN)', ' (THIRD)');
    fake.failures.set('/organisations/RZ5', Number.POSITIVE_INFINITY);
    const run = await runOdsSync(t.database.db, t.config, {
      userId: null,
      since: '2026-11-01',
      batchSize: 4,
      backoffMs: 1,
    });
    expect(run.status).toBe('failed');
    expect(run.error).toContain('/organisations/RZ5 answered 500');
    expect(run.error).toContain('failed after 3 attempts');
    // Plan order: R1A RJ1 RZ0 RZ1 | RZ2 RZ3 RZ4 RZ5 | RZ6: the first batch is applied, the second is not.
    expect((await org('RZ1'))?.name).toContain('(THIRD)');
    expect((await org('RZ2'))?.name).not.toContain('(THIRD)');
    expect(await runRow(run.id)).toMatchObject({ status: 'failed', position: 4 });
    fake.failures.clear();

    // The sync endpoint itself failing: nothing is planned or applied.
    fake.failures.set('/sync?LastChangeDate=2026-11-01', Number.POSITIVE_INFINITY);
    const noList = await runOdsSync(t.database.db, t.config, {
      userId: null,
      since: '2026-11-01',
      backoffMs: 1,
    });
    expect(noList).toMatchObject({ status: 'failed' });
    expect(await runRow(noList.id)).toMatchObject({ codes: null, position: 0 });
    expect((await org('RZ2'))?.name).not.toContain('(THIRD)');
    fake.failures.clear();
  });
});
