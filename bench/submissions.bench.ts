/**
 * The end-of-period rush, measured against the physical limit in one run: clerks saving revisions of a
 * 100-field form through two API processes, then the same clients, the same bodies and the same
 * PostgreSQL against two processes of a bare Fastify + pg server that stores each save as one row
 * (bench/submissions-limit-server.ts). For each number of concurrent clients (1, 50, 200) and each
 * server: saves/s, p50/p95/p99, errors, server CPU ms per save (the processes' CPU of every thread and
 * child process, /proc/<pid>/stat: support/cpu.ts) and database CPU ms per save (the CPU time of the
 * PostgreSQL backends serving that server's connections, from /proc: pg_stat_statements needs a server
 * restart), the ratios API / limit, and the load average.
 * Run: `npx tsx bench/submissions.bench.ts` (PostgreSQL on this machine at BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres). Knobs: SUBMISSION_BENCH_LEVELS
 * ("1,50,200"), SUBMISSION_BENCH_SAVES (saves per level, 600; one client saves at most 100),
 * SUBMISSION_BENCH_POOL (connections per process, 10), SUBMISSION_BENCH_PROFILE (a folder: the API
 * processes run with --cpu-prof and write their profiles there). See bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { cleanSubmissionContent } from '@dcf/domain/submission-content';
import type { FormDefinition } from '@dcf/forms/components';
import { evaluateFormForBothModes } from '@dcf/forms/engine/evaluate';
import pg from 'pg';
import { setUpReturnBench } from './support/return-bench-db';
import { answers, FIELDS } from './support/return-form';
import {
  type Clerk,
  type DriveResult,
  drive,
  percentile,
  resultTable,
  round,
  startTarget,
  stopTargets,
  type Target,
  takeLock,
  waitHealthy,
} from './support/save-load';
import { createDatabase, dropDatabase } from './support/scratch-database';

const LEVELS = (process.env.SUBMISSION_BENCH_LEVELS ?? '1,50,200').split(',').map(Number);
const SAVES_PER_LEVEL = Number(process.env.SUBMISSION_BENCH_SAVES ?? 600);
const POOL = process.env.SUBMISSION_BENCH_POOL ?? '10';
const PROFILE_DIR = process.env.SUBMISSION_BENCH_PROFILE;
const CLERKS = Math.max(...LEVELS);

/**
 * Validation alone, in this process: the engine's cost per save (paid in an evaluation worker since
 * decision 0031), without HTTP, the box's round trip or the database.
 */
function validationCost(definition: Record<string, unknown>) {
  const times = { draft: [] as number[], completed: [] as number[] };
  for (let i = 0; i < 600; i++) {
    const mode = i % 2 === 0 ? 'draft' : 'completed';
    const started = performance.now();
    const state = evaluateFormForBothModes(
      definition as unknown as FormDefinition,
      cleanSubmissionContent(answers(i)),
    );
    const errors = state.errors[mode];
    const ms = performance.now() - started;
    if (Object.keys(errors).length > 0) throw new Error(`bench answers invalid: ${JSON.stringify(errors)}`);
    if (i >= 200) times[mode].push(ms);
  }
  const summary = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return {
      mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
      p95: round(percentile(sorted, 95)),
    };
  };
  return { draft: summary(times.draft), completed: summary(times.completed) };
}

async function main() {
  const name = `dcf_bench_sub_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(name);
  const databaseUrl = url.toString();
  const targets: Target[] = [];
  const probe = new pg.Client({ connectionString: databaseUrl });
  try {
    const { definition, cookies, pages } = await setUpReturnBench(databaseUrl, CLERKS);
    const validation = validationCost(definition);
    targets.push(startTarget('api', [41_731, 41_732], databaseUrl, { pool: POOL, profileDir: PROFILE_DIR }));
    targets.push(startTarget('limit', [41_733, 41_734], databaseUrl, { pool: POOL }));
    await Promise.all([
      ...targets[0]!.ports.map((p) => waitHealthy(p, '/v1/api/health')),
      ...targets[1]!.ports.map((p) => waitHealthy(p, '/health')),
    ]);
    await probe.connect();
    const errors: string[] = [];
    const clerks: Clerk[] = cookies.map((cookie, i) => ({
      cookie,
      page: pages[i]!,
      submissionId: 0,
      baseRevisionId: null,
      seed: 0,
    }));
    for (const [i, clerk] of clerks.entries()) await takeLock(clerk, targets[0]!.ports[i % 2]!, errors);
    if (errors.length > 0) throw new Error(errors[0]);
    // Warm-up, not measured: JIT, caches and every pooled connection open, for both servers alike.
    for (const target of targets) await drive(target, clerks, Math.min(20, CLERKS), probe, SAVES_PER_LEVEL);

    const results: DriveResult[] = [];
    for (const clients of LEVELS)
      for (const target of targets)
        results.push(await drive(target, clerks, clients, probe, SAVES_PER_LEVEL));
    const ratios = LEVELS.map((clients) => {
      const api = results.find((r) => r.target === 'api' && r.clients === clients)!;
      const limit = results.find((r) => r.target === 'limit' && r.clients === clients)!;
      const ratio = (a: number, b: number) => (b > 0 ? round(a / b) : null);
      return {
        clients,
        serverCpu: ratio(api.serverCpuMsPerSave, limit.serverCpuMsPerSave),
        databaseCpu: ratio(api.databaseCpuMsPerSave, limit.databaseCpuMsPerSave),
        totalCpu: ratio(api.totalCpuMsPerSave, limit.totalCpuMsPerSave),
        savesPerSecond: ratio(api.savesPerSecond, limit.savesPerSecond),
      };
    });
    console.log(
      JSON.stringify(
        {
          engine: 'postgres',
          processesPerServer: 2,
          poolPerProcess: Number(POOL),
          fields: FIELDS,
          results,
          ratiosApiOverLimit: ratios,
          validationAloneMs: validation,
          machine: { cpus: cpus().length, node: process.version },
        },
        null,
        2,
      ),
    );
    console.log(resultTable(results));
    if (results.some((r) => r.errors > 0)) process.exitCode = 1;
  } finally {
    await probe.end().catch(() => undefined);
    await stopTargets(targets);
    await dropDatabase(name);
  }
}

await main();
