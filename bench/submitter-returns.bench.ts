/**
 * The submitter home of a clerk at 50 organisations (decision 0025): GET
 * /View/Submitter/Returns through the whole app on PostgreSQL. Four collections, each sent to 3,000
 * organisations with 24 monthly periods (18 closed, one open, five to come); the clerk holds the Data
 * entry clerk role at 50 of them in every collection (200 pairs, 4,800 period rows), 3,000 other
 * clerks one role each, returns for everyone in the open period and most closed ones for the clerk.
 * Budget: p95 under 500 ms. Run: `npx tsx bench/submitter-returns.bench.ts` (BENCH_DATABASE_URL,
 * server as in support/scratch-database.ts). Figures go to bench/README.md and the README.
 */
import { loadavg } from 'node:os';
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

const ORGANISATIONS = 3_000;
const CLERK_ORGANISATIONS = 50;
const COLLECTIONS = 4;
const REQUESTS = 100;
const BUDGET_P95_MS = 500;
const DAY = 86_400_000;

const name = `dcf_bench_submitter_returns_${process.pid}`;
const url = await createDatabase(name, { replace: true });
const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', poolSize: 10 });
const { db } = handle;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  await migrateToLatest(db);
  await seedDemoData(db);
  const loadStarted = performance.now();
  const organisationIds = await insertOrganisations(db, ORGANISATIONS, 'SR');
  const mine = organisationIds.slice(0, CLERK_ORGANISATIONS);
  const clerk = await db
    .insertInto('appUser')
    .values({ idpId: 'bench|multi-clerk', email: 'multi.clerk@bench.example', name: 'Bench Clerk' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const others = await db
    .insertInto('appUser')
    .values(organisationIds.map((_, i) => ({ idpId: `bench|clerk-${i}`, email: `clerk${i}@bench.example` })))
    .returning('id')
    .execute();
  const now = Date.now();
  for (let c = 0; c < COLLECTIONS; c++) {
    const { collectionId, formId } = await createCollection(db, `Bench collection ${c + 1}`, organisationIds);
    const periods: number[] = [];
    for (let m = -18; m <= 5; m++)
      periods.push(
        await insertPeriod(db, collectionId, formId, {
          name: `Collection ${c + 1} month ${m + 19}`,
          open: new Date(now + (m * 30 - 5) * DAY),
          close: new Date(now + (m * 30 + 5 + c) * DAY),
        }),
      );
    await db
      .insertInto('collectionOrganisationRole')
      .values([
        ...mine.map((organisationId) => ({
          collectionId,
          organisationId,
          userId: clerk.id,
          role: 'DataEntryClerk' as const,
        })),
        ...organisationIds.map((organisationId, i) => ({
          collectionId,
          organisationId,
          userId: others[i]!.id,
          role: 'DataEntryClerk' as const,
        })),
      ])
      .execute();
    // The clerk's organisations: most closed periods completed, a few drafts; the open period for all.
    for (const [p, periodId] of periods.slice(0, 18).entries())
      await insertSubmissions(
        db,
        { collectionId, periodId, formId, userId: clerk.id },
        mine.flatMap((organisationId, i): SubmissionSpec[] =>
          (i + p) % 10 === 0
            ? []
            : [{ organisationId, revisions: (i + p) % 7 === 0 ? ['draft'] : ['completed'] }],
        ),
      );
    await insertSubmissions(
      db,
      { collectionId, periodId: periods[18]!, formId, userId: clerk.id },
      organisationIds.flatMap((organisationId, i): SubmissionSpec[] =>
        i % 3 === 0 ? [] : [{ organisationId, revisions: i % 3 === 1 ? ['draft'] : ['completed'] }],
      ),
    );
  }
  await sql`analyze`.execute(db);
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  const { app, origin, signIn } = await listenBenchApp(handle);
  const { cookie } = await signIn(clerk.id);

  async function measure(label: string, queries: string[]) {
    const latencies: number[] = [];
    let total = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const res = await fetch(`${origin}/v1/api/View/Submitter/Returns${queries[i % queries.length]}`, {
        headers: { cookie },
      });
      const body = (await res.json()) as { total: number };
      if (res.status !== 200) throw new Error(`${label} answered ${res.status}`);
      latencies.push(performance.now() - started);
      total = body.total;
    }
    latencies.sort((a, b) => a - b);
    return { label, lastTotal: total, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
  }

  const loadBefore = loadavg();
  const results = [
    await measure('home as it opens (open periods, by deadline)', ['']),
    await measure('every period: first page, deep page, sorted', [
      '?periods=all',
      '?periods=all&page=150&pageSize=25',
      '?periods=all&sortBy=organisation&sortOrder=DESC&pageSize=100',
      '?periods=all&sortBy=status&page=40',
    ]),
    await measure('filters: organisation, collection, status', [
      '?query=practice%2012',
      '?periods=all&status=missed',
      '?periods=all&query=SR00004&status=completed',
    ]),
  ];
  const loadAfter = loadavg();
  await app.close();
  const round = (v: unknown) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v);
  const worst = Math.max(...results.map((r) => r.p95));
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        engine: 'PostgreSQL',
        organisations: ORGANISATIONS,
        clerkOrganisations: CLERK_ORGANISATIONS,
        collections: COLLECTIONS,
        periodsEach: 24,
        loadSeconds,
        requestsEach: REQUESTS,
        loadAverage1mBeforeAfter: [loadBefore[0], loadAfter[0]],
        results,
        budgetP95Ms: BUDGET_P95_MS,
        verdict: worst < BUDGET_P95_MS ? 'met' : 'missed',
      },
      (_k, v) => round(v),
      2,
    ),
  );
} finally {
  await handle.close();
  await dropDatabase(name);
}
