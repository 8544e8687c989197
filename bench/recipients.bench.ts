/**
 * Recipients at national scale: one collection sent to 15,000 organisations in ONE bulk call
 * (PUT /Collection/{id}/Organisation/Bulk), then the recipients list (GET /Collection/{id}/Organisation)
 * at that size, through the whole app (session, principal, policy, zod), on PostgreSQL and PGlite.
 * Run: `npx tsx bench/recipients.bench.ts` (BENCH_DATABASE_URL, server as in
 * support/scratch-database.ts; `RECIPIENTS_BENCH_ENGINES=postgres` or `pglite` for one only).
 * Figures go to bench/README.md and the README.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { seedDemoData } from '../apps/api/src/db/seed';
import { listenBenchApp } from './support/bench-app';
import { createDatabase, dropDatabase } from './support/scratch-database';

const RECIPIENTS = 15_000;
const REQUESTS = 200;
const wanted = (process.env.RECIPIENTS_BENCH_ENGINES ?? 'postgres,pglite').split(',');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const ms = (value: number) => Math.round(value * 10) / 10;

/** 15,000 open organisations, inserted directly in batches of 1,000 (the setup, not what is measured). */
async function insertOrganisations(db: DatabaseHandle['db']): Promise<number[]> {
  const region = await db.selectFrom('region').select('id').orderBy('id').executeTakeFirst();
  const ids: number[] = [];
  for (let i = 0; i < RECIPIENTS; i += 1000) {
    const rows = await db
      .insertInto('organisation')
      .values(
        Array.from({ length: Math.min(1000, RECIPIENTS - i) }, (_, k) => ({
          code: `RB${(i + k).toString(36).toUpperCase().padStart(4, '0')}`,
          name: `Bench practice ${i + k} ${['LEEDS', 'YORK', 'BRISTOL', 'DERBY', 'HULL'][(i + k) % 5]}`,
          regionId: region?.id ?? null,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

async function run(engine: string, handle: DatabaseHandle) {
  const { db } = handle;
  await migrateToLatest(db);
  await seedDemoData(db);
  const organisationIds = await insertOrganisations(db);
  await db.executeQuery(sql`analyze`.compile(db));

  const { app, origin, signIn } = await listenBenchApp(handle);
  const base = `${origin}/v1/api`;
  const superAdmin = await db
    .selectFrom('appUser')
    .select('id')
    .where('email', '=', 'super.admin@dcf.example')
    .executeTakeFirstOrThrow();
  const { headers } = await signIn(superAdmin.id);

  const created = await fetch(`${base}/Collection`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench national collection', trustAuthorisation: 'optional' }),
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}`);
  const collectionId = ((await created.json()) as { id: number }).id;

  // One bulk call with every organisation: time, and the process's memory while it runs (the app and
  // the database client share this process; with PGlite the database engine does too).
  const body = JSON.stringify({ add: organisationIds });
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const bulk = await fetch(`${base}/Collection/${collectionId}/Organisation/Bulk`, {
    method: 'PUT',
    headers,
    body,
  });
  const bulkResult = await bulk.json();
  const bulkMs = performance.now() - started;
  clearInterval(sampler);
  if (bulk.status !== 200) throw new Error(`bulk answered ${bulk.status}: ${JSON.stringify(bulkResult)}`);

  // The list at that size: pages at the start, middle and end, and searches by name and code.
  const paths = [
    '?page=1&pageSize=25',
    '?page=300&pageSize=25',
    '?page=600&pageSize=25',
    '?query=leeds&page=1&pageSize=25',
    '?query=RB0A&page=1&pageSize=25',
    '?query=practice 149&page=2&pageSize=100',
    '?query=no-such-place&page=1&pageSize=25',
    '?page=1&pageSize=100',
  ].map((p) => `${base}/Collection/${collectionId}/Organisation${p}`);
  const latencies: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const res = await fetch(paths[i % paths.length]!, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`list answered ${res.status}`);
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);

  // And removing them all again in one call.
  const removeStarted = performance.now();
  const removed = await fetch(`${base}/Collection/${collectionId}/Organisation/Bulk`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ remove: organisationIds }),
  });
  await removed.arrayBuffer();
  const removeMs = performance.now() - removeStarted;

  // As the screen does it (decision 0021): a count first, then one call that adds by criteria in SQL;
  // then the same by a pasted list of 15,000 ODS codes (report of unknown and closed codes first).
  const timed = async (method: string, path: string, payload: unknown) => {
    const t = performance.now();
    const res = await fetch(`${base}/Collection/${collectionId}/Organisation/${path}`, {
      method,
      headers,
      body: JSON.stringify(payload),
    });
    const json = (await res.json()) as { changes: number; total: number };
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return { ms: performance.now() - t, json };
  };
  const criteria = { action: 'add', criteria: { query: 'Bench practice' } };
  const criteriaPreview = await timed('POST', 'Selection/Preview', criteria);
  const criteriaAdd = await timed('PUT', 'Selection', criteria);
  const criteriaRemove = await timed('PUT', 'Selection', { action: 'remove', criteria: criteria.criteria });
  const codes = await db
    .selectFrom('organisation')
    .select('code')
    .where('id', 'in', organisationIds)
    .execute();
  const byCodes = { action: 'add', codes: codes.map((c) => c.code) };
  const codesPreview = await timed('POST', 'Selection/Preview', byCodes);
  const codesAdd = await timed('PUT', 'Selection', byCodes);
  if (criteriaAdd.json.changes !== RECIPIENTS || codesAdd.json.changes !== RECIPIENTS)
    throw new Error(`selection added ${criteriaAdd.json.changes} / ${codesAdd.json.changes}`);
  await app.close();
  return {
    engine,
    bulkAdd: bulkResult,
    bulkAddSeconds: Math.round(bulkMs) / 1000,
    requestBodyKb: Math.round(body.length / 1000),
    rssBeforeMb: mb(rssBefore),
    rssPeakDuringBulkMb: mb(peak),
    rssGrowthMb: mb(peak - rssBefore),
    listP50Ms: ms(percentile(latencies, 50)),
    listP95Ms: ms(percentile(latencies, 95)),
    listMaxMs: ms(latencies[latencies.length - 1]!),
    bulkRemoveSeconds: Math.round(removeMs) / 1000,
    criteriaCountSeconds: Math.round(criteriaPreview.ms) / 1000,
    criteriaAddSeconds: Math.round(criteriaAdd.ms) / 1000,
    criteriaCountAndAddSeconds: Math.round(criteriaPreview.ms + criteriaAdd.ms) / 1000,
    criteriaRemoveSeconds: Math.round(criteriaRemove.ms) / 1000,
    codesReportSeconds: Math.round(codesPreview.ms) / 1000,
    codesAddSeconds: Math.round(codesAdd.ms) / 1000,
    codesReportAndAddSeconds: Math.round(codesPreview.ms + codesAdd.ms) / 1000,
  };
}

const results = [];
if (wanted.includes('postgres')) {
  const name = `dcf_bench_recipients_${process.pid}`;
  const url = await createDatabase(name);
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', poolSize: 10 });
  try {
    results.push(await run('PostgreSQL', handle));
  } finally {
    await handle.close();
    await dropDatabase(name);
  }
}
if (wanted.includes('pglite')) {
  const lite = await PGlite.create('memory://');
  const handle = await openDatabase({ pgliteDir: 'memory://', pglite: lite });
  try {
    results.push(await run('PGlite', handle));
  } finally {
    await handle.close();
    await lite.close();
  }
}
console.log(JSON.stringify({ recipients: RECIPIENTS, listRequests: REQUESTS, results }, null, 2));
