/**
 * Exports at national scale: a period with 15,000 recipients, each with a 100-field return, exported
 * as CSV and XLSX through the real HTTP route, read by a streaming client. Reports rows per second and
 * the process's peak memory above its baseline (server and client share the process; the client
 * discards what it reads, so the growth is the server's), and CPU per row: the process's (every thread,
 * process.cpuUsage: zlib runs on libuv's pool) and the PostgreSQL backends serving its pool (decision
 * 0034, support/cpu.ts).
 * Run: `npx tsx bench/exports.bench.ts` (PostgreSQL at BENCH_DATABASE_URL, server as in
 * support/scratch-database.ts). Figures go to bench/README.md.
 */
import os from 'node:os';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { seedDemoData, seedReferenceData } from '../apps/api/src/db/seed';
import { createSession, SESSION_COOKIE } from '../apps/api/src/platform/sessions';
import { backendCpu, backendCpuBetween } from './support/cpu';
import { createDatabase, dropDatabase } from './support/scratch-database';
import { FIELDS, seedWizardPeriod } from './support/wizard-period';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 15_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// BENCH_FORMATS=xlsx runs one format only.

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => bytes / 1024 / 1024;

const APPLICATION_NAME = 'dcf_bench_exports';

async function exportOnce(url: string, cookie: string, probe: pg.Client) {
  globalThis.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const dbBefore = await backendCpu(probe, APPLICATION_NAME);
  const response = await fetch(url, { headers: { cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
  const rows = Number(response.headers.get('x-export-rows'));
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const dbCpu = backendCpuBetween(dbBefore, await backendCpu(probe, APPLICATION_NAME));
  clearInterval(sampler);
  return {
    rows,
    // Process CPU (server and client; the client only counts bytes), less sensitive to load than wall time.
    cpuMsPerRow: (cpu.user + cpu.system) / 1000 / rows,
    databaseCpuMsPerRow: (dbCpu * 1000) / rows,
    bytes,
    seconds,
    rowsPerSecond: rows / seconds,
    peakRssGrowthMb: mb(peakRss - baseline.rss),
    peakHeapGrowthMb: mb(peakHeap - baseline.heapUsed),
  };
}

async function main() {
  const name = `dcf_bench_exports_${Date.now()}`;
  const url = await createDatabase(name);
  url.searchParams.set('application_name', APPLICATION_NAME);
  const probeUrl = new URL(url);
  probeUrl.searchParams.set('application_name', 'dcf_bench_probe');
  const probe = new pg.Client({ connectionString: probeUrl.toString() });
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', poolSize: 10 });
  try {
    await migrateToLatest(handle.db);
    await seedReferenceData(handle.db);
    await seedDemoData(handle.db);
    const seedStarted = performance.now();
    const { collectionId, periodId, adminId } = await seedWizardPeriod(handle.db, 'Export bench', RECIPIENTS);
    console.log(
      `seeded ${RECIPIENTS} recipients x ${FIELDS} fields in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
    const app = await buildApp({ config, database: handle });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const { token } = await createSession(handle.db, config, adminId, { sessionManagement: true });
    const cookie = `${SESSION_COOKIE}=${token}`;
    const results: Record<string, unknown> = {};
    await probe.connect();
    const formats = (process.env.BENCH_FORMATS ?? 'csv,xlsx').split(',') as ('csv' | 'xlsx')[];
    for (const format of formats) {
      const runs = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(
          await exportOnce(
            `http://127.0.0.1:${port}/v1/api/Collection/${collectionId}/ReportingPeriod/${periodId}/Export?format=${format}`,
            cookie,
            probe,
          ),
        );
      const summary = {
        rows: runs[0]!.rows,
        sizeMb: Number(mb(runs[0]!.bytes).toFixed(1)),
        secondsMedian: Number(median(runs.map((r) => r.seconds)).toFixed(2)),
        rowsPerSecondMedian: Math.round(median(runs.map((r) => r.rowsPerSecond))),
        cpuMsPerRowMedian: Number(median(runs.map((r) => r.cpuMsPerRow)).toFixed(3)),
        cpuRowsPerSecondMedian: Math.round(1000 / median(runs.map((r) => r.cpuMsPerRow))),
        databaseCpuMsPerRowMedian: Number(median(runs.map((r) => r.databaseCpuMsPerRow)).toFixed(3)),
        peakRssGrowthMbMax: Number(Math.max(...runs.map((r) => r.peakRssGrowthMb)).toFixed(1)),
        peakHeapGrowthMbMax: Number(Math.max(...runs.map((r) => r.peakHeapGrowthMb)).toFixed(1)),
        runsSeconds: runs.map((r) => Number(r.seconds.toFixed(2))),
      };
      results[format] = { ...summary, loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))) };
      console.log(format, JSON.stringify(results[format]));
    }
    await app.close();
    console.log(
      JSON.stringify({
        benchmark: 'exports',
        engine: 'postgres',
        recipients: RECIPIENTS,
        fields: FIELDS,
        results,
      }),
    );
  } finally {
    await probe.end().catch(() => undefined);
    await handle.close();
    if (process.env.BENCH_KEEP_DATABASE) console.log(`kept database ${name}`);
    else {
      await dropDatabase(name);
    }
  }
}

await main();
