/**
 * The manager's screens at national scale (issue 25, decision 0034): the national collection of
 * support/national.ts (15,000 organisations, 12 closed months of 15,000 returns, the open month, the
 * next), shared with data-quality-national.bench.ts (BENCH_NATIONAL_KEEP=1 builds it once for both).
 *
 * 1. **Plans**: every statement of each manager view, sent once through an app in this process and
 *    replayed under EXPLAIN ANALYZE (rolled back), written to bench/results/manager-national-plans.md.
 * 2. **Latency and CPU**: one API process (as `npm run serve` runs it, from the sources), each view
 *    requested MANAGER_BENCH_REQUESTS times one after another by the collection manager: p50/p95,
 *    bytes, and CPU per request of the API process (every thread: support/cpu.ts) and of the
 *    PostgreSQL backends serving it. The 1-minute load average before and after each line.
 *
 * Budget (issue 25): every API call p95 under 300 ms at 15,000 x 12.
 * Run: `BENCH_NATIONAL_KEEP=1 npx tsx bench/manager-national.bench.ts` (PostgreSQL as in national.ts).
 * Knobs: MANAGER_BENCH_REQUESTS (40), MANAGER_BENCH_ONLY (a substring of the lines to run).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { backendCpu, backendCpuBetween, processTreeCpuSeconds } from './support/cpu';
import { plansMarkdown } from './support/explain';
import { nationalCollection, nationalOptions } from './support/national';
import { inProcessApp, managerPlans, managerViews } from './support/national-plans';
import {
  percentile,
  repoRoot,
  round,
  startTarget,
  stopTargets,
  type Target,
  waitHealthy,
} from './support/save-load';

const REQUESTS = Number(process.env.MANAGER_BENCH_REQUESTS ?? 40);
const ONLY = process.env.MANAGER_BENCH_ONLY;
const BUDGET_P95_MS = 300;
const load = () => round(loadavg()[0]!);

console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const national = await nationalCollection(nationalOptions());
const views = managerViews(national).filter(
  (v) => !ONLY || v.label.toLowerCase().includes(ONLY.toLowerCase()),
);

const targets: Target[] = [];
const probe = new pg.Client({ connectionString: national.databaseUrl });
try {
  // 1. Plans, through an app in this process (its pool's statements recorded and replayed).
  const inProcess = await inProcessApp(national);
  const { explained, available } = await managerPlans(inProcess, national, views);
  await inProcess.close();
  mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
  const plansFile = path.join(repoRoot, 'bench/results/manager-national-plans.md');
  writeFileSync(plansFile, plansMarkdown(explained));
  console.log(`plans: ${explained.length} statements explained (${plansFile})`);
  for (const label of available) {
    const mine = explained.filter((e) => e.request === label);
    const total = mine.reduce((sum, e) => sum + e.executionMs, 0);
    console.log(`  ${label}: ${mine.length} statements, ${round(total)} ms in all`);
  }

  // 2. Latency and CPU, through one API process.
  const target = startTarget('api', [41_751], national.databaseUrl, { pool: '10' });
  targets.push(target);
  await waitHealthy(41_751, '/v1/api/health');
  await probe.connect();
  const rows = [];
  for (const view of views.filter((v) => available.has(v.label))) {
    const get = () =>
      fetch(`http://127.0.0.1:41751${view.url}`, { headers: { cookie: national.managerCookie } });
    await (await get()).arrayBuffer(); // warm: statements prepared, code compiled
    const loadBefore = load();
    const cpuBefore = processTreeCpuSeconds(target.processes[0]!.pid);
    const dbBefore = await backendCpu(probe, target.applicationName);
    const latencies: number[] = [];
    let bytes = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const res = await get();
      bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`${view.label}: ${res.status}`);
      latencies.push(performance.now() - started);
    }
    const serverCpu = processTreeCpuSeconds(target.processes[0]!.pid) - cpuBefore;
    const dbCpu = backendCpuBetween(dbBefore, await backendCpu(probe, target.applicationName));
    latencies.sort((a, b) => a - b);
    rows.push({
      view: view.label,
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      bytes,
      serverCpuMs: round((serverCpu * 1000) / REQUESTS),
      databaseCpuMs: round((dbCpu * 1000) / REQUESTS),
      load: `${loadBefore}-${load()}`,
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
  await stopTargets(targets);
  const verdict = { p95UnderBudget: rows.every((r) => r.p95 < BUDGET_P95_MS) };
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        requests: REQUESTS,
        verdict,
      },
      null,
      2,
    ),
  );
  console.log(
    [
      '| View | p50 / p95 ms | Bytes | CPU ms per request: API / database | Load avg |',
      '| ---- | ------------ | ----- | ---------------------------------- | -------- |',
      ...rows.map(
        (r) =>
          `| ${r.view} | ${r.p50} / ${r.p95} | ${r.bytes.toLocaleString('en-GB')} | ${r.serverCpuMs} / ${r.databaseCpuMs} | ${r.load} |`,
      ),
    ].join('\n'),
  );
  if (!verdict.p95UnderBudget) process.exitCode = 1;
} finally {
  await probe.end().catch(() => undefined);
  await stopTargets(targets);
  await national.close();
}
