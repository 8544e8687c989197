/**
 * Ten years of daily reporting periods (3,650) through the API: Diff and Bulk timings and the size of
 * the Diff response, on PGlite and PostgreSQL. Run: `npx tsx bench/schedules.bench.ts` (PostgreSQL at
 * BENCH_DATABASE_URL when reachable: support/scratch-database.ts).
 * Figures go to bench/README.md ("Schedules: 10 years of daily periods").
 */
import { generatePeriods, type Schedule } from '@dcf/domain';
import type { DatabaseHandle } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { seedDemoData } from '../apps/api/src/db/seed';
import { listenBenchApp } from './support/bench-app';
import { benchEngines } from './support/scratch-database';

const RUNS = Number(process.env.SCHEDULE_BENCH_RUNS ?? 3);

/** 01/01/2026 to 29/12/2035: 3,650 daily periods, each open for one working day. */
const daily: Schedule = {
  reportingCycle: 'daily',
  firstReportingPeriodStart: '2026-01-01',
  lastReportingPeriodStart: '2035-12-29',
  daysOpen: 1,
  includeWorkingDaysOnly: true,
  reopenAfterDays: null,
  stayReopenForDays: null,
};
const longer: Schedule = { ...daily, daysOpen: 3 };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

async function bench(engine: string, handle: DatabaseHandle) {
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db);
  const { app, origin, signIn } = await listenBenchApp(handle);
  const base = `${origin}/v1/api`;
  const manager = await handle.db
    .selectFrom('appUser')
    .select('id')
    .where('email', 'like', 'manager%')
    .executeTakeFirstOrThrow();
  const { headers } = await signIn(manager.id);
  const call = async (method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return { ms, kb: Buffer.byteLength(text) / 1024, body: JSON.parse(text) };
  };

  const figures: Record<string, number[]> = {};
  const record = (key: string, value: number) => {
    figures[key] = [...(figures[key] ?? []), value];
  };
  for (let run = 0; run < RUNS; run++) {
    const collection = await call('POST', '/Collection', { name: `Daily bench ${run}` });
    const id = collection.body.id as number;
    const periods = `/Collection/${id}/ReportingPeriod`;

    const firstDiff = await call('POST', `${periods}/Diff`, daily);
    if (firstDiff.body.added.length !== 3650)
      throw new Error(`expected 3650, got ${firstDiff.body.added.length}`);
    record('diffEmptyMs', firstDiff.ms);
    record('diffEmptyKb', firstDiff.kb);

    const applied = await call('POST', `${periods}/Bulk`, daily);
    if (applied.body.counts.added !== 3650) throw new Error('Bulk did not add 3650 periods');
    record('bulkInsertMs', applied.ms);
    record('bulkResponseKb', applied.kb);

    const same = await call('POST', `${periods}/Diff`, daily);
    record('diffUnchangedMs', same.ms);
    record('diffUnchangedKb', same.kb);

    const changedDiff = await call('POST', `${periods}/Diff`, longer);
    if (changedDiff.body.changed.length !== 3650) throw new Error('expected 3650 changed');
    record('diffChangedMs', changedDiff.ms);
    record('diffChangedKb', changedDiff.kb);

    const replaced = await call('PUT', `${periods}/Bulk`, longer);
    if (replaced.body.counts.changed !== 3650) throw new Error('PUT Bulk did not change 3650 periods');
    record('bulkUpdateMs', replaced.ms);

    const list = await call('GET', periods);
    record('listMs', list.ms);
    record('listKb', list.kb);
  }
  await app.close();
  return {
    engine,
    ...Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, round(median(v))])),
  };
}

// The engine alone, for comparison with the API figures.
const generateStarted = performance.now();
const generated = generatePeriods(daily, 'financialYear');
const generateMs = performance.now() - generateStarted;

const results = [];
for (const engine of await benchEngines('dcf_bench_schedules', 5)) {
  const { handle, drop } = await engine.open();
  try {
    results.push(await bench(engine.name, handle));
  } finally {
    await drop();
  }
}
console.log(
  JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      periods: generated.length,
      runs: RUNS,
      generateColdMs: round(generateMs),
      results,
    },
    null,
    2,
  ),
);
