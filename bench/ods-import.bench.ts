/**
 * Real-sized ODS register files and incremental sync.
 * Run: `npx tsx bench/ods-import.bench.ts` (PGlite always; PostgreSQL too when reachable, at
 * BENCH_DATABASE_URL: support/scratch-database.ts). Figures go to bench/README.md.
 *
 * - Import: epraccur-layout files of 13,500 and 30,000 rows (the real extract's rows with new codes; 85%
 *   active, 10% closed, 4% dormant, 1% proposed; one in nine a prescribing centre other than a GP practice)
 *   into a fresh seeded database: dry run, apply, then the same file again (nothing to change). Wall time and
 *   the process's peak RSS above its level before the import (sampled every 20 ms).
 * - Incremental sync: 15,000 organisations in the register and in the fake ORD server, 300 of them changed
 *   since the last run: `runOdsSync` with `since`.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../apps/api/src/config';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { seedDemoData } from '../apps/api/src/db/seed';
import { importOdsFile } from '../apps/api/src/modules/organisations/import';
import { runOdsSync } from '../apps/api/src/modules/organisations/ods-sync';
import { type FakeOrg, startFakeOrd } from '../apps/api/test/support/fake-ord';
import { benchEngines } from './support/scratch-database';

const SIZES = (process.env.ODS_BENCH_SIZES ?? '13500,30000').split(',').map(Number);
const parts = process.env.ODS_BENCH_PARTS ?? 'import,sync';

const realRows = readFileSync(
  new URL('../apps/api/test/test-data/ods/epraccur-extract.csv', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n');

/** An epraccur file of `count` rows built from the real extract's rows, with new codes and statuses. */
function epraccurFile(count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const fields = realRows[i % realRows.length]!.split('","');
    fields[0] = `"${i % 9 === 8 ? 'Y' : 'B'}${String(i).padStart(5, '0')}`;
    const roll = i % 100;
    const status = roll < 85 ? 'A' : roll < 95 ? 'C' : roll < 99 ? 'D' : 'P';
    fields[12] = status;
    fields[11] = status === 'C' ? '20230331' : '';
    fields[25] = i % 9 === 8 ? '9' : '4';
    out.push(fields.join('","'));
  }
  return out.join('\n');
}

/** Wall time and peak RSS growth of `task`, sampled every 20 ms. */
async function measure<T>(task: () => Promise<T>): Promise<{ result: T; seconds: number; peakMb: number }> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const start = performance.now();
  const result = await task();
  const seconds = (performance.now() - start) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, seconds, peakMb: (peak - before) / 1024 / 1024 };
}

const fmt = (m: { seconds: number; peakMb: number }) =>
  `${m.seconds.toFixed(1)} s, +${m.peakMb.toFixed(0)} MB RSS`;

for (const engine of await benchEngines('dcf_bench_ods')) {
  if (parts.includes('import')) {
    for (const size of SIZES) {
      const { handle, drop } = await engine.open();
      try {
        await migrateToLatest(handle.db);
        await seedDemoData(handle.db);
        const text = epraccurFile(size);
        const options = { userId: null };
        const dry = await measure(() => importOdsFile(handle.db, text, { ...options, dryRun: true }));
        const apply = await measure(() => importOdsFile(handle.db, text, { ...options, dryRun: false }));
        const again = await measure(() => importOdsFile(handle.db, text, { ...options, dryRun: false }));
        console.log(
          `${engine.name} import ${size.toLocaleString('en-GB')} rows (${(text.length / 1024 / 1024).toFixed(1)} MB):` +
            ` dry run ${fmt(dry)}; apply ${fmt(apply)} (added ${apply.result.added}, refused ${apply.result.refusedCount});` +
            ` again ${fmt(again)} (unchanged ${again.result.unchanged}, already closed ${again.result.alreadyClosed})`,
        );
      } finally {
        await drop();
      }
    }
  }
  if (parts.includes('sync')) {
    const { handle, drop } = await engine.open();
    const orgs: FakeOrg[] = Array.from({ length: 15_000 }, (_, i) => ({
      code: `S${String(i).padStart(5, '0')}`,
      name: `SYNC BENCH NHS TRUST ${i}`,
      regionCode: 'Y63',
      lastChangeDate: '2024-01-01',
    }));
    const fake = await startFakeOrd(orgs);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ODS_API_BASE_URL: fake.baseUrl });
    try {
      await migrateToLatest(handle.db);
      await seedDemoData(handle.db);
      const full = await measure(() =>
        runOdsSync(handle.db, config, { userId: null, mode: 'full', concurrency: 16 }),
      );
      for (let i = 0; i < 15_000; i += 50) {
        orgs[i]!.name = `${orgs[i]!.name} RENAMED`;
        orgs[i]!.lastChangeDate = '2026-11-20';
      }
      fake.requests.length = 0;
      const incremental = await measure(() =>
        runOdsSync(handle.db, config, { userId: null, since: '2026-11-19', concurrency: 16 }),
      );
      console.log(
        `${engine.name} sync, 15,000 organisations: full ${fmt(full)} (${full.result.status}, added ${full.result.added});` +
          ` incremental, 300 changed: ${fmt(incremental)} (${incremental.result.status}, updated ${incremental.result.updated},` +
          ` ${fake.requests.length} requests)`,
      );
    } finally {
      await fake.close();
      await drop();
    }
  }
}
