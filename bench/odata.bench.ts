/**
 * The OData feed at national scale (decision 0040): a period with 15,000 recipients, each with a
 * 100-field return, read whole through `GET /OData/Collection/{id}/Returns` as Power BI reads it
 * (following @odata.nextLink, a page at a time, no $filter), then once with a $filter on a question and
 * an $orderby. Reports rows per second, the process's peak memory above its baseline (server and client
 * share the process; the client streams each page, counts its rows and keeps nothing, so the growth is
 * the server's) and CPU per row (process and PostgreSQL backends, support/cpu.ts).
 * The budget (BUDGET below) fails the run when missed.
 * Run: `node --expose-gc --import tsx bench/odata.bench.ts` (PostgreSQL at BENCH_DATABASE_URL, server as in
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
/**
 * The budget: the whole feed within a minute on a loaded 2-core machine (a Power BI refresh times out
 * after 10 minutes by default), and memory that does not hold the feed (the feed's JSON is ~25 MB).
 */
const BUDGET = { rowsPerSecond: 250, peakRssGrowthMb: 150 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => bytes / 1024 / 1024;
const APPLICATION_NAME = 'dcf_bench_odata';

/** Reads the feed from `url` to its last page, as an OData client does. */
async function readFeed(url: string, cookie: string, probe: pg.Client) {
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
  let rows = 0;
  let pages = 0;
  let bytes = 0;
  for (let next: string | undefined = url; next; pages++) {
    const response = await fetch(next, { headers: { cookie } });
    if (response.status !== 200 || !response.body)
      throw new Error(`feed answered ${response.status}: ${await response.text()}`);
    // Streamed and discarded, as the export bench does, so the memory measured is the server's: the
    // feed writes its annotations (the next link) first, and every row without $select starts with Id.
    let head = '';
    let carry = '';
    next = undefined;
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      bytes += (chunk as Uint8Array).byteLength;
      const text = carry + decoder.decode(chunk as Uint8Array, { stream: true });
      if (head.length < 4096) head += text.slice(0, 4096);
      rows += text.split('{"Id":').length - 1;
      carry = text.slice(-6);
      rows -= carry.split('{"Id":').length - 1;
    }
    rows += carry.split('{"Id":').length - 1;
    const link = /"@odata\.nextLink":"([^"]+)"/.exec(head);
    next = link ? JSON.parse(`"${link[1]}"`) : undefined;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const dbCpu = backendCpuBetween(dbBefore, await backendCpu(probe, APPLICATION_NAME));
  clearInterval(sampler);
  return {
    rows,
    pages,
    bytes,
    seconds,
    rowsPerSecond: rows / seconds,
    cpuMsPerRow: (cpu.user + cpu.system) / 1000 / rows,
    databaseCpuMsPerRow: (dbCpu * 1000) / rows,
    peakRssGrowthMb: mb(peakRss - baseline.rss),
    peakHeapGrowthMb: mb(peakHeap - baseline.heapUsed),
  };
}

async function main() {
  const name = `dcf_bench_odata_${Date.now()}`;
  const url = await createDatabase(name);
  url.searchParams.set('application_name', APPLICATION_NAME);
  const probeUrl = new URL(url);
  probeUrl.searchParams.set('application_name', 'dcf_bench_probe');
  const probe = new pg.Client({ connectionString: probeUrl.toString() });
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', poolSize: 10 });
  let failed = false;
  try {
    await migrateToLatest(handle.db);
    await seedReferenceData(handle.db);
    await seedDemoData(handle.db);
    const seedStarted = performance.now();
    const { collectionId, adminId } = await seedWizardPeriod(handle.db, 'OData bench', RECIPIENTS);
    console.log(
      `seeded ${RECIPIENTS} recipients x ${FIELDS} fields in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
    const app = await buildApp({ config, database: handle });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const { token } = await createSession(handle.db, config, adminId, { sessionManagement: true });
    const cookie = `${SESSION_COOKIE}=${token}`;
    await probe.connect();
    const feed = `http://127.0.0.1:${port}/v1/api/OData/Collection/${collectionId}/Returns`;
    const queries = {
      whole: feed,
      filtered: `${feed}?$filter=${encodeURIComponent("f1 ge 500 and f4 ne 'x'")}&$orderby=f2 desc&$count=true`,
    };
    const results: Record<string, unknown> = {};
    for (const [label, query] of Object.entries(queries)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await readFeed(query, cookie, probe));
      const summary = {
        rows: runs[0]!.rows,
        pages: runs[0]!.pages,
        sizeMb: Number(mb(runs[0]!.bytes).toFixed(1)),
        secondsMedian: Number(median(runs.map((r) => r.seconds)).toFixed(2)),
        rowsPerSecondMedian: Math.round(median(runs.map((r) => r.rowsPerSecond))),
        cpuMsPerRowMedian: Number(median(runs.map((r) => r.cpuMsPerRow)).toFixed(3)),
        databaseCpuMsPerRowMedian: Number(median(runs.map((r) => r.databaseCpuMsPerRow)).toFixed(3)),
        peakRssGrowthMbMax: Number(Math.max(...runs.map((r) => r.peakRssGrowthMb)).toFixed(1)),
        peakHeapGrowthMbMax: Number(Math.max(...runs.map((r) => r.peakHeapGrowthMb)).toFixed(1)),
        runsSeconds: runs.map((r) => Number(r.seconds.toFixed(2))),
        loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
      };
      results[label] = summary;
      console.log(label, JSON.stringify(summary));
      if (label === 'whole') {
        if (
          summary.rowsPerSecondMedian < BUDGET.rowsPerSecond ||
          summary.peakRssGrowthMbMax > BUDGET.peakRssGrowthMb
        ) {
          console.error(`over budget: ${JSON.stringify(BUDGET)}`);
          failed = true;
        }
      }
    }
    await app.close();
    console.log(
      JSON.stringify({
        benchmark: 'odata',
        engine: 'postgres',
        recipients: RECIPIENTS,
        fields: FIELDS,
        budget: BUDGET,
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
  if (failed) process.exitCode = 1;
}

await main();
