/**
 * What the evaluation box (decision 0031) costs per save: clerks saving drafts of the 100-field return
 * through one API process that evaluates in its pool of worker processes, and through one that evaluates
 * the same tasks on its own thread (bench/support/evaluation-server.ts, BENCH_EVALUATION=inline: the
 * server before the box), alternately, on the same PostgreSQL. For each number of concurrent clients:
 * total CPU per save (the API process with every thread and its worker processes, support/cpu.ts, plus
 * the PostgreSQL backends serving it), the difference box - inline, p50/p95/p99 and saves/s.
 * **Budget: 0.5 ms of CPU per save more than in-process.**
 * Run: `npx tsx bench/evaluation-box.bench.ts` (PostgreSQL at BENCH_DATABASE_URL, else TEST_DATABASE_URL,
 * else postgres://postgres@127.0.0.1:5432/postgres). Knobs: BOX_BENCH_LEVELS ("1,20"), BOX_BENCH_SAVES
 * (saves per run, 400), BOX_BENCH_ROUNDS (runs of each server per level, alternating, 3).
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { setUpReturnBench } from './support/return-bench-db';
import {
  type Clerk,
  type DriveResult,
  drive,
  round,
  startTarget,
  stopTargets,
  type Target,
  takeLock,
  waitHealthy,
} from './support/save-load';
import { createDatabase, dropDatabase } from './support/scratch-database';

const LEVELS = (process.env.BOX_BENCH_LEVELS ?? '1,20').split(',').map(Number);
const SAVES = Number(process.env.BOX_BENCH_SAVES ?? 400);
const ROUNDS = Number(process.env.BOX_BENCH_ROUNDS ?? 3);
const BUDGET_EXTRA_CPU_MS = 0.5;
const CLERKS = Math.max(...LEVELS);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function server(label: 'box' | 'inline', port: number, databaseUrl: string): Target {
  return startTarget('api', [port], databaseUrl, {
    pool: '10',
    script: 'bench/support/evaluation-server.ts',
    label,
    env: { BENCH_EVALUATION: label },
  });
}

async function main() {
  const name = `dcf_bench_box_${randomBytes(4).toString('hex')}`;
  const databaseUrl = (await createDatabase(name)).toString();
  const targets = { box: server('box', 41_741, databaseUrl), inline: server('inline', 41_742, databaseUrl) };
  const probe = new pg.Client({ connectionString: databaseUrl });
  try {
    const { cookies, pages } = await setUpReturnBench(databaseUrl, CLERKS);
    await Promise.all([41_741, 41_742].map((port) => waitHealthy(port, '/v1/api/health')));
    await probe.connect();
    const errors: string[] = [];
    const clerks: Clerk[] = cookies.map((cookie, i) => ({
      cookie,
      page: pages[i]!,
      submissionId: 0,
      baseRevisionId: null,
      seed: 0,
    }));
    // One lock per clerk serves both servers: they share the database.
    for (const clerk of clerks) await takeLock(clerk, 41_741, errors);
    if (errors.length > 0) throw new Error(errors[0]);
    // Warm-up, not measured: JIT in the API and in every worker, caches, pooled connections.
    for (const target of [targets.box, targets.inline]) await drive(target, clerks, CLERKS, probe, SAVES);

    const rows = [];
    const runs: (DriveResult & { evaluation: string })[] = [];
    for (const clients of LEVELS) {
      const cpu = { box: [] as number[], inline: [] as number[] };
      for (let i = 0; i < ROUNDS; i++) {
        // Alternating which goes first, so neither always meets the machine's busier moments.
        const order = i % 2 === 0 ? (['box', 'inline'] as const) : (['inline', 'box'] as const);
        for (const label of order) {
          const result = await drive(targets[label], clerks, clients, probe, SAVES, SAVES);
          runs.push({ ...result, evaluation: label });
          if (result.errors > 0) throw new Error(`${label}: ${result.firstErrors.join('; ')}`);
          cpu[label].push(result.totalCpuMsPerSave);
        }
      }
      const box = median(cpu.box);
      const inline = median(cpu.inline);
      rows.push({
        clients,
        boxCpuMsPerSave: box,
        inlineCpuMsPerSave: inline,
        extraCpuMsPerSave: round(box - inline),
        runs: cpu,
        withinBudget: box - inline <= BUDGET_EXTRA_CPU_MS,
      });
    }
    console.log(
      JSON.stringify(
        {
          budgetExtraCpuMsPerSave: BUDGET_EXTRA_CPU_MS,
          rows,
          runs,
          machine: { cpus: cpus().length, node: process.version, loadAverage: loadavg().map(round) },
        },
        null,
        2,
      ),
    );
    console.log('\n| Clients | Box: total CPU per save | In-process | Extra | Budget 0.5 ms |');
    console.log('| ------- | ----------------------- | ---------- | ----- | ------------- |');
    for (const row of rows)
      console.log(
        `| ${row.clients} | ${row.boxCpuMsPerSave} ms (${row.runs.box.join(', ')}) | ${row.inlineCpuMsPerSave} ms (${row.runs.inline.join(', ')}) | ${row.extraCpuMsPerSave} ms | ${row.withinBudget ? 'within' : 'over'} |`,
      );
    if (rows.some((row) => !row.withinBudget)) process.exitCode = 1;
  } finally {
    await probe.end().catch(() => undefined);
    await stopTargets([targets.box, targets.inline]);
    await dropDatabase(name);
  }
}

await main();
