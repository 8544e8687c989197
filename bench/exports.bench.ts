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
import type pg from 'pg';
import { backendCpu, backendCpuBetween } from './support/cpu';
import { mb, median, samplePeakMemory } from './support/memory';
import { FIELDS, withWizardPeriodApp } from './support/wizard-period';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 15_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// BENCH_FORMATS=xlsx runs one format only.

const APPLICATION_NAME = 'dcf_bench_exports';

async function exportOnce(url: string, cookie: string, probe: pg.Client) {
  const memory = samplePeakMemory();
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
  const peak = memory.stop();
  return {
    rows,
    // Process CPU (server and client; the client only counts bytes), less sensitive to load than wall time.
    cpuMsPerRow: (cpu.user + cpu.system) / 1000 / rows,
    databaseCpuMsPerRow: (dbCpu * 1000) / rows,
    bytes,
    seconds,
    rowsPerSecond: rows / seconds,
    ...peak,
  };
}

async function main() {
  await withWizardPeriodApp(
    {
      name: `dcf_bench_exports_${Date.now()}`,
      applicationName: APPLICATION_NAME,
      collectionName: 'Export bench',
      recipients: RECIPIENTS,
    },
    async ({ probe, origin, cookie, collectionId, periodId }) => {
      const results: Record<string, unknown> = {};
      const formats = (process.env.BENCH_FORMATS ?? 'csv,xlsx').split(',') as ('csv' | 'xlsx')[];
      for (const format of formats) {
        const runs = [];
        for (let i = 0; i < RUNS; i++)
          runs.push(
            await exportOnce(
              `${origin}/v1/api/Collection/${collectionId}/ReportingPeriod/${periodId}/Export?format=${format}`,
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
      console.log(
        JSON.stringify({
          benchmark: 'exports',
          engine: 'postgres',
          recipients: RECIPIENTS,
          fields: FIELDS,
          results,
        }),
      );
    },
  );
}

await main();
