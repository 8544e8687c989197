/**
 * Organisations at national scale: search latency through the app and an ODS sync of 15,000 records.
 * Run: `npx tsx bench/organisations.bench.ts` (PGlite, and PostgreSQL when reachable at
 * BENCH_DATABASE_URL: support/scratch-database.ts). Figures go to bench/README.md.
 * `ORG_BENCH_PARTS=search` (or `sync`) runs one part only.
 */
import autocannon from 'autocannon';
import { loadConfig } from '../apps/api/src/config';
import type { DatabaseHandle } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { seedDemoData, seedReferenceData } from '../apps/api/src/db/seed';
import { runOdsSync } from '../apps/api/src/modules/organisations/ods-sync';
import { type FakeOrg, startFakeOrd } from '../apps/api/test/support/fake-ord';
import { listenBenchApp } from './support/bench-app';
import { benchEngines } from './support/scratch-database';

const COUNT = 15_000;
const REQUESTS = 200;

const towns = [
  'LEEDS',
  'BRISTOL',
  'NORTH TYNESIDE',
  'SOUTH DEVON',
  'EAST KENT',
  'MANCHESTER',
  'YORK',
  'NORFOLK',
  'CORNWALL',
  'BIRMINGHAM',
  'SHEFFIELD',
  'OXFORD',
  'CAMBRIDGE',
  'WEST LONDON',
  'ESSEX',
  'DERBY',
  'HULL',
  'DORSET',
];
const kinds = [
  'HOSPITALS NHS TRUST',
  'COMMUNITY HEALTH NHS TRUST',
  'MEDICAL PRACTICE',
  'SURGERY',
  'HEALTH CENTRE',
  'PARTNERSHIP NHS FOUNDATION TRUST',
  'INTEGRATED CARE BOARD',
  'PRIMARY CARE NETWORK',
];
const regions = ['Y56', 'Y58', 'Y59', 'Y60', 'Y61', 'Y62', 'Y63'];

/** 15,000 plausible organisations: deterministic names and codes, some closed, some merged. */
function organisations(): FakeOrg[] {
  const out: FakeOrg[] = [];
  for (let i = 0; i < COUNT; i++) {
    const code = `B${i.toString(36).toUpperCase().padStart(4, '0')}`;
    const name = `${towns[i % towns.length]} ${['NORTH', 'SOUTH', 'CENTRAL', 'VALLEY', 'PARK'][i % 5]} ${i} ${kinds[i % kinds.length]}`;
    const o: FakeOrg = { code, name, regionCode: regions[i % regions.length], openDate: '2010-04-01' };
    if (i % 50 === 7) o.closureDate = '2023-03-31';
    if (i % 100 === 7) o.successorCode = `B${(i + 1).toString(36).toUpperCase().padStart(4, '0')}`;
    out.push(o);
  }
  return out;
}

async function load(db: DatabaseHandle['db'], orgs: FakeOrg[]) {
  const regionIds = new Map(
    (await db.selectFrom('region').select(['id', 'code']).execute()).map((r) => [r.code, r.id]),
  );
  const type = await db
    .selectFrom('organisationType')
    .select('id')
    .where('code', '=', 'RO197')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < orgs.length; i += 1000)
    await db
      .insertInto('organisation')
      .values(
        orgs.slice(i, i + 1000).map((o) => ({
          code: o.code,
          name: o.name,
          regionId: regionIds.get(o.regionCode ?? '') ?? null,
          organisationTypeId: type.id,
          openDate: o.openDate ?? null,
          closureDate: o.closureDate ?? null,
        })),
      )
      .execute();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const queries = [
  'leeds',
  'B0A',
  'surgery',
  'north 12',
  'trust',
  'cornwall valley',
  'b1',
  'xyz-none',
  'health centre',
  'park 7',
];

async function searchBench(engine: string, handle: DatabaseHandle) {
  const { app, origin, signIn } = await listenBenchApp(handle);
  const admin = await handle.db.selectFrom('appUser').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { cookie } = await signIn(admin.id);
  const paths = queries.map(
    (q, i) =>
      `/v1/api/Organisation?query=${encodeURIComponent(q)}&pageSize=25&sortBy=${['name', 'code', 'closureDate'][i % 3]}${i % 4 === 0 ? '&isOpen=true' : ''}`,
  );

  // Sequential: one request at a time, per-request latency (what one user sees).
  const latencies: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const res = await fetch(`${origin}${paths[i % paths.length]}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);

  // Concurrent: autocannon, 10 connections, 200 requests cycling through the same queries.
  const result = await autocannon({
    url: `${origin}`,
    connections: 10,
    amount: REQUESTS,
    headers: { cookie },
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  await app.close();
  return {
    engine,
    sequentialP50: percentile(latencies, 50),
    sequentialP95: percentile(latencies, 95),
    concurrentP50: result.latency.p50,
    concurrentP97_5: result.latency.p97_5,
    // Completed requests over the run's wall time: autocannon's `requests.average` is a mean of
    // whole-second buckets, so 200 requests in 2.4 s read as 100 req/s (and 3.1 s as 50).
    concurrentRps: result.requests.total / result.duration,
    non2xx: result.non2xx,
  };
}

async function syncBench(engine: string, handle: DatabaseHandle, orgs: FakeOrg[]) {
  const fake = await startFakeOrd(orgs);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ODS_API_BASE_URL: fake.baseUrl });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const run = await runOdsSync(handle.db, config, {
    userId: null,
    concurrency: 16,
    source: 'test',
  });
  const first = performance.now() - started;
  const again = performance.now();
  const rerun = await runOdsSync(handle.db, config, {
    userId: null,
    concurrency: 16,
    source: 'test',
  });
  const second = performance.now() - again;
  clearInterval(sampler);
  await fake.close();
  if (run.status !== 'succeeded' || rerun.status !== 'succeeded')
    throw new Error(`sync ${run.status}: ${run.error}`);
  return {
    engine,
    firstRunSeconds: first / 1000,
    firstRun: `${run.added} added, ${run.updated} updated, ${run.closed} closed`,
    secondRunSeconds: second / 1000,
    secondRun: `${rerun.added} added, ${rerun.updated} updated, ${rerun.closed} closed`,
    rssBeforeMb: before / 2 ** 20,
    peakRssMb: peak / 2 ** 20,
  };
}

const parts = (process.env.ORG_BENCH_PARTS ?? 'search,sync').split(',');
const orgs = organisations();
const searchResults = [];
const syncResults = [];
for (const engine of await benchEngines('dcf_bench_orgs')) {
  if (parts.includes('search')) {
    const { handle, drop } = await engine.open();
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db);
    await load(handle.db, orgs);
    await handle.db.executeQuery((await import('kysely')).sql`analyze`.compile(handle.db));
    searchResults.push(await searchBench(engine.name, handle));
    await drop();
  }
  if (parts.includes('sync')) {
    const { handle, drop } = await engine.open();
    await migrateToLatest(handle.db);
    await seedReferenceData(handle.db);
    syncResults.push(await syncBench(engine.name, handle, orgs));
    await drop();
  }
}
const round = (v: unknown) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v);
console.log(
  JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      organisations: COUNT,
      search: searchResults,
      sync: syncResults,
    },
    (_k, v) => round(v),
    2,
  ),
);
