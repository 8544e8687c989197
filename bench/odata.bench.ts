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
import type pg from 'pg';
import { backendCpu, backendCpuBetween } from './support/cpu';
import { mb, median, samplePeakMemory } from './support/memory';
import { FIELDS, withWizardPeriodApp } from './support/wizard-period';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 15_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/**
 * The budget: the whole feed within a minute on a loaded 2-core machine (a Power BI refresh times out
 * after 10 minutes by default), and memory that does not hold the feed (the feed's JSON is ~25 MB).
 */
const BUDGET = { rowsPerSecond: 250, peakRssGrowthMb: 150 };

const APPLICATION_NAME = 'dcf_bench_odata';

/** Reads the feed from `url` to its last page, as an OData client does. */
async function readFeed(url: string, cookie: string, probe: pg.Client) {
  const memory = samplePeakMemory();
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
  const peak = memory.stop();
  return {
    rows,
    pages,
    bytes,
    seconds,
    rowsPerSecond: rows / seconds,
    cpuMsPerRow: (cpu.user + cpu.system) / 1000 / rows,
    databaseCpuMsPerRow: (dbCpu * 1000) / rows,
    ...peak,
  };
}

async function main() {
  const failed = await withWizardPeriodApp(
    {
      name: `dcf_bench_odata_${Date.now()}`,
      applicationName: APPLICATION_NAME,
      collectionName: 'OData bench',
      recipients: RECIPIENTS,
    },
    async ({ probe, origin, cookie, collectionId }) => {
      let overBudget = false;
      const feed = `${origin}/v1/api/OData/Collection/${collectionId}/Returns`;
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
            overBudget = true;
          }
        }
      }
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
      return overBudget;
    },
  );
  if (failed) process.exitCode = 1;
}

await main();
