/**
 * Data quality rules at national scale (issue 25, decision 0034): a collection sent to 15,000
 * organisations with 5 rules (two range checks reading last period's statistics), 12 closed months of
 * 15,000 submitted returns each and the open month (support/national.ts). Then:
 *
 * 1. **Plans**: every statement of a clerk's form page (the view, the data quality context, the lock),
 *    of two draft saves (the first of the return in the process, then one with its form version held)
 *    and of the manager's data quality view, run once through an app in this process and replayed under
 *    EXPLAIN ANALYZE (rolled back): written to bench/results/data-quality-national-plans.md; a
 *    sequential scan of submissions or revisions fails the bench.
 * 2. **Load**: two API processes (pool of 10 each), 1, 50 and 200 clients saving drafts of the open
 *    period: saves/s, p50/p95/p99, errors, and CPU per save: the API processes (every thread and child:
 *    support/cpu.ts) plus the PostgreSQL backends serving them.
 * 3. **The manager's data quality view** of the last closed period (15,000 returns, ~3,150 with
 *    warnings): p50/p95 and bytes.
 *
 * Budget: every save under 10 ms of total CPU, 0 errors, p99 under 1 s at 200 clients.
 * Run: `npx tsx bench/data-quality-national.bench.ts` (PostgreSQL at BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; building the data takes a few
 * minutes; BENCH_NATIONAL_KEEP=1 keeps it for the next run). Knobs: DQ_BENCH_LEVELS ("1,50,200"),
 * DQ_BENCH_SAVES (saves per level, 1000; one client 150), DQ_BENCH_ORGANISATIONS (15000),
 * DQ_BENCH_PROFILE (a folder: each API process writes a CPU profile there when it stops, `--cpu-prof`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { plansMarkdown, sequentialScans } from './support/explain';
import { nationalCollection, nationalOptions } from './support/national';
import { inProcessApp, managerPlans, managerViews, savePlans } from './support/national-plans';
import {
  type Clerk,
  type DriveResult,
  drive,
  percentile,
  repoRoot,
  resultTable,
  round,
  startTarget,
  stopTargets,
  type Target,
  takeLock,
  waitHealthy,
} from './support/save-load';

const LEVELS = (process.env.DQ_BENCH_LEVELS ?? '1,50,200').split(',').map(Number);
const SAVES = Number(process.env.DQ_BENCH_SAVES ?? 1000);
const ORGANISATIONS = Number(process.env.DQ_BENCH_ORGANISATIONS ?? 15_000);
const CLIENTS = Math.max(...LEVELS);
const PROFILE_DIR = process.env.DQ_BENCH_PROFILE;
const BUDGET = { cpuMsPerSave: 10, p99Ms: 1000 };
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

console.log(`load average at start: ${load()}`);
// The shared shape's 201 clerks whatever the levels, so one kept database serves every run of the benches.
const national = await nationalCollection(
  nationalOptions({ organisations: ORGANISATIONS, clerks: Math.max(201, CLIENTS + 1) }),
);
console.log(
  `national collection: ${national.build.submissions} submissions, ${national.build.revisions} revisions (built in ${round(national.build.seconds)} s); ` +
    `statistics of the last closed period: ${national.statistics?.returns} returns in ${round(national.statistics?.seconds ?? 0)} s, ` +
    `${round(national.statistics?.databaseCpuSeconds ?? 0)} s of database CPU (computed once, by the job)`,
);

const lastClosed = national.closedPeriodIds.at(-1)!;
const targets: Target[] = [];
const probe = new pg.Client({ connectionString: national.databaseUrl });
try {
  // 1. Plans, through an app in this process (its pool's statements recorded and replayed).
  // A clerk of its own, so the load's clerks start on returns nobody has touched in this run.
  const inProcess = await inProcessApp(national);
  const explained = await savePlans(inProcess, national, CLIENTS);
  const dataQualityView = managerViews(national).filter((v) => v.label.startsWith('Data quality view'));
  explained.push(...(await managerPlans(inProcess, national, dataQualityView)).explained);
  await inProcess.close();
  mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
  const plansFile = path.join(repoRoot, 'bench/results/data-quality-national-plans.md');
  writeFileSync(plansFile, plansMarkdown(explained));
  const scans = sequentialScans(explained, ['submission', 'submission_revision']);
  console.log(
    `plans: ${explained.length} statements explained (${plansFile}); slowest ${round(Math.max(...explained.map((e) => e.executionMs)))} ms; sequential scans of returns: ${scans.length}`,
  );
  for (const scan of scans) console.log(`  SEQ SCAN in ${scan.request}: ${scan.statement.slice(0, 160)}`);

  // 2. Load, through two API processes.
  targets.push(
    startTarget('api', [41_741, 41_742], national.databaseUrl, { pool: '10', profileDir: PROFILE_DIR }),
  );
  await Promise.all(targets[0]!.ports.map((p) => waitHealthy(p, '/v1/api/health')));
  await probe.connect();
  const errors: string[] = [];
  const clerks: Clerk[] = national.clerkCookies.slice(0, CLIENTS).map((c, i) => ({
    cookie: c,
    page: national.clerkPages[i]!,
    submissionId: 0,
    baseRevisionId: null,
    seed: 0,
  }));
  for (const [i, clerk] of clerks.entries()) await takeLock(clerk, targets[0]!.ports[i % 2]!, errors);
  if (errors.length > 0) throw new Error(errors[0]);
  // Warm-up, not measured: every pooled connection open, statements prepared, versions held.
  await drive(targets[0]!, clerks, Math.min(50, clerks.length), probe, 2 * clerks.length);
  const results: DriveResult[] = [];
  for (const clients of LEVELS)
    results.push(await drive(targets[0]!, clerks, Math.min(clients, clerks.length), probe, SAVES, 150));
  await stopTargets(targets);

  // 3. The manager's data quality view at that scale, through the running app again.
  const viewApp = await inProcessApp(national);
  const viewLatencies: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const res = await viewApp.app.inject({
      method: 'GET',
      url: `/v1/api/View/Manager/ReportingPeriod/${lastClosed}/DataQuality`,
      headers: { cookie: national.managerCookie },
    });
    viewLatencies.push(performance.now() - started);
    bytes = res.rawPayload.byteLength;
    if (res.statusCode !== 200) throw new Error(`data quality view ${res.statusCode}`);
  }
  await viewApp.close();
  viewLatencies.sort((a, b) => a - b);

  const at200 = results.find((r) => r.clients === Math.max(...LEVELS));
  const verdict = {
    cpuUnderBudget: results.every((r) => r.totalCpuMsPerSave < BUDGET.cpuMsPerSave),
    noErrors: results.every((r) => r.errors === 0),
    p99UnderBudget: (at200?.latencyMs.p99 ?? Number.POSITIVE_INFINITY) < BUDGET.p99Ms,
    noSequentialScans: scans.length === 0,
  };
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        organisations: ORGANISATIONS,
        rules: national.rules.map((r) => `${r.name} (${r.check.kind})`),
        statistics: national.statistics,
        results,
        managerDataQualityView: {
          p50: round(percentile(viewLatencies, 50)),
          p95: round(percentile(viewLatencies, 95)),
          bytes,
        },
        budget: BUDGET,
        verdict,
        loadAverageAtEnd: load(),
      },
      null,
      2,
    ),
  );
  console.log(resultTable(results));
  if (Object.values(verdict).some((ok) => !ok)) process.exitCode = 1;
} finally {
  await probe.end().catch(() => undefined);
  await stopTargets(targets);
  await national.close();
}
