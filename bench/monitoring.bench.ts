/**
 * Monitoring at national scale: one collection sent to 15,000 organisations. Measures the
 * period overview (GET /View/Manager/ReportingPeriod/{id}/Submission with filters, sorts and pages),
 * the collection trend, the manager home and the non-submitters CSV through the whole app, on PostgreSQL.
 * Run: `npx tsx bench/monitoring.bench.ts` (BENCH_DATABASE_URL, server as in support/scratch-database.ts).
 * Figures go to bench/README.md and the README.
 */
import { sql } from 'kysely';
import { openDatabase } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { seedDemoData } from '../apps/api/src/db/seed';
import {
  createCollection,
  insertOrganisations,
  insertPeriod,
  insertSubmissions,
  type SubmissionSpec,
} from '../apps/api/test/support/views-scenario';
import { listenBenchApp } from './support/bench-app';
import { createDatabase, dropDatabase } from './support/scratch-database';

const RECIPIENTS = 15_000;
const REQUESTS = 60;
const DAY = 86_400_000;

const name =
  process.env.BENCH_KEEP === '1' ? 'dcf_bench_monitoring_kept' : `dcf_bench_monitoring_${process.pid}`;
const url = await createDatabase(name, { replace: true });
const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', poolSize: 10 });
const { db } = handle;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  await migrateToLatest(db);
  await seedDemoData(db);
  const loadStarted = performance.now();
  const organisationIds = await insertOrganisations(db, RECIPIENTS, 'BM');
  const { collectionId, formId } = await createCollection(db, 'Bench national collection', organisationIds);
  const user = await db.selectFrom('appUser').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = Date.now();
  // Twelve monthly periods that have closed, one open now, one still to come.
  const periodIds: number[] = [];
  for (let m = 12; m >= 1; m--)
    periodIds.push(
      await insertPeriod(db, collectionId, formId, {
        name: `Month -${m}`,
        open: new Date(now - (m * 30 + 10) * DAY),
        close: new Date(now - m * 30 * DAY),
      }),
    );
  const openId = await insertPeriod(db, collectionId, formId, {
    name: 'Open month',
    open: new Date(now - 5 * DAY),
    close: new Date(now + 5 * DAY),
  });
  await insertPeriod(db, collectionId, formId, {
    name: 'Next month',
    open: new Date(now + 25 * DAY),
    close: new Date(now + 35 * DAY),
  });
  const closedId = periodIds.at(-1)!;
  // Returns in the last three closed periods and the open one: completed (some late), drafts, nothing.
  const specs = (share: { completed: number; draft: number }, closeAt: number): SubmissionSpec[] =>
    organisationIds.flatMap((organisationId, i): SubmissionSpec[] => {
      const r = (i * 7919) % 100;
      if (r < share.completed)
        return [
          {
            organisationId,
            revisions: ['draft', 'completed'],
            submittedAt: new Date(closeAt + (r % 10 === 0 ? DAY : -DAY)),
          },
        ];
      if (r < share.completed + share.draft) return [{ organisationId, revisions: ['draft'] }];
      return [];
    });
  for (const [i, periodId] of periodIds.slice(-3).entries())
    await insertSubmissions(
      db,
      { collectionId, periodId, formId, userId: user.id },
      specs({ completed: 80 - i * 5, draft: 8 }, now - (3 - i) * 30 * DAY),
    );
  await insertSubmissions(
    db,
    { collectionId, periodId: openId, formId, userId: user.id },
    specs({ completed: 35, draft: 20 }, now + 5 * DAY),
  );
  await sql`analyze`.execute(db);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const submissions = await db
    .selectFrom('submission')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();

  const { app, origin, signIn } = await listenBenchApp(handle);
  const { cookie } = await signIn(user.id);

  async function measure(label: string, paths: string[]) {
    const latencies: number[] = [];
    let bytes = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const res = await fetch(`${origin}${paths[i % paths.length]}`, { headers: { cookie } });
      bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`${label} answered ${res.status}`);
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    return { label, p50: percentile(latencies, 50), p95: percentile(latencies, 95), lastBytes: bytes };
  }

  const overview = (id: number) => `/v1/api/View/Manager/ReportingPeriod/${id}/Submission`;
  const results = [
    await measure('period overview: first page by name', [overview(closedId), overview(openId)]),
    await measure('period overview: filters, sorts, deep pages', [
      `${overview(closedId)}?status=missed&sortBy=code`,
      `${overview(openId)}?sortBy=status&sortOrder=DESC&page=200`,
      `${overview(closedId)}?sortBy=lastChangedAt&sortOrder=DESC`,
      `${overview(openId)}?query=practice%2012&regionId=1`,
      `${overview(closedId)}?status=completed&page=400&pageSize=25&sortBy=region`,
    ]),
    await measure('collection trend (12 closed + open period counts)', [
      `/v1/api/View/Manager/Home/Collection/${collectionId}`,
    ]),
    await measure('manager home (administrator: every collection)', ['/v1/api/View/Manager/Home']),
    await measure('non-submitters CSV (closed period)', [
      `/v1/api/View/Manager/ReportingPeriod/${closedId}/NonSubmitters?format=csv`,
    ]),
  ];
  await app.close();
  const round = (v: unknown) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v);
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        engine: 'PostgreSQL',
        recipients: RECIPIENTS,
        periods: periodIds.length + 2,
        submissions: submissions.n,
        loadSeconds,
        requestsEach: REQUESTS,
        results,
      },
      (_k, v) => round(v),
      2,
    ),
  );
} finally {
  await handle.close();
  // BENCH_KEEP=1 keeps the database for EXPLAIN ANALYZE (dropped by the next run without it).
  if (process.env.BENCH_KEEP === '1') {
    console.log(`kept database ${name}`);
    process.exit(0);
  }
  await dropDatabase(name);
}
