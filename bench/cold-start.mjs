// Cold start: time from spawning the server as `npm run serve` does (`node apps/api/dist/server.mjs`, the
// bundle `npm run build` makes; made here first) to the first 200 from /health,
// on a database that has never been used: a fresh PGlite directory (unpacking the build's template
// cluster, or creating one without it, then migrations, reference and demo data all happen in that
// time) and a fresh PostgreSQL database on the server at 127.0.0.1:5432 (migrations and seed too).
// Several runs each; the median is compared with the budget (5 s and 2 s).
//
//   node bench/cold-start.mjs
//   COLD_START_RUNS=5 COLD_START_PGLITE_BUDGET_S=20 COLD_START_POSTGRES_BUDGET_S=5 node bench/cold-start.mjs
//   COLD_START_TEMPLATE=0 node bench/cold-start.mjs   PGlite without the template (as before the build made one)
//   BENCH_DATABASE_URL=postgres://user@host:5432/postgres   the server on which fresh databases are created
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.COLD_START_RUNS ?? 3);
const budgets = {
  pglite: Number(process.env.COLD_START_PGLITE_BUDGET_S ?? 5),
  postgres: Number(process.env.COLD_START_POSTGRES_BUDGET_S ?? 2),
};
const useTemplate = process.env.COLD_START_TEMPLATE !== '0';
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const timeoutMs = 120_000;

function findFreePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * CPU seconds (user + system, every thread) used so far by `pid` and its descendants (a loader may run the
 * server in a child process), from /proc: less sensitive to a busy machine than wall time. Linux only.
 */
function treeCpuSeconds(pid) {
  if (!existsSync('/proc')) return Number.NaN;
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name: state ppid ... utime (14th) stime (15th), in clock ticks.
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ').at(-1).split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  let ticks = 0;
  const walk = (id) => {
    ticks += stats.get(id)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === id) walk(child);
  };
  walk(pid);
  return ticks / 100;
}

/** Spawns the server with `env`; returns the wall and CPU time until GET /health answered 200, then stops it. */
async function timeStart(env) {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dcf-bench-'));
  const output = [];
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      ...(useTemplate ? {} : { PGLITE_TEMPLATE_DIR: path.join(dataDir, 'no-template') }),
      STORAGE_LOCAL_DIR: path.join(dataDir, 'blobs'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    while (performance.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/health`);
        if (response.status === 200)
          return { ms: performance.now() - started, cpu: treeCpuSeconds(child.pid) };
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no 200 from /health within ${timeoutMs / 1000} s`);
  } catch (error) {
    throw new Error(`${error.message}\n${Buffer.concat(output).toString().slice(-4000)}`);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const seconds = (ms) => Number((ms / 1000).toFixed(2));

async function benchPglite() {
  const times = [];
  for (let i = 1; i <= runs; i += 1) {
    const time = await timeStart({});
    times.push(time);
    console.log(`  PGlite run ${i}/${runs}: ${seconds(time.ms)} s (CPU ${time.cpu.toFixed(2)} s)`);
  }
  return times;
}

async function benchPostgres() {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `no PostgreSQL server at ${adminUrl}: ${error.message}` };
  }
  const times = [];
  try {
    for (let i = 1; i <= runs; i += 1) {
      const name = `dcf_bench_${process.pid}_${i}`;
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      try {
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const time = await timeStart({ DATABASE_URL: url.toString() });
        times.push(time);
        console.log(`  PostgreSQL run ${i}/${runs}: ${seconds(time.ms)} s (CPU ${time.cpu.toFixed(2)} s)`);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
      }
    }
  } finally {
    await admin.end();
  }
  return times;
}

const results = {};
// What `npm run build` does last: the API server in one file.
const bundled = spawnSync(process.execPath, ['apps/api/build.mjs'], { cwd: repoRoot, encoding: 'utf8' });
if (bundled.status !== 0) throw new Error(`bundling the API server failed:\n${bundled.stderr}`);
console.log(bundled.stdout.trim());
if (useTemplate) {
  // What `npm run build` does: the template a fresh PGlite directory starts from (kept once made).
  const built = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    ['apps/api/src/db/build-pglite-template.ts'],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`building the PGlite template failed:\n${built.stderr}`);
  console.log(built.stdout.trim());
}
const load = () => loadavg().map((l) => Number(l.toFixed(2)));
console.log(
  `Cold start to the first /health 200, ${runs} runs each (median against the budget), load average ${load().join(' ')}:`,
);
for (const [engine, bench] of [
  ['pglite', benchPglite],
  ['postgres', benchPostgres],
]) {
  const outcome = await bench();
  if (!Array.isArray(outcome)) {
    console.log(`  ${engine}: SKIPPED (${outcome.skipped})`);
    results[engine] = { skipped: outcome.skipped, budgetSeconds: budgets[engine] };
    continue;
  }
  const medianSeconds = seconds(median(outcome.map((t) => t.ms)));
  results[engine] = {
    template: engine === 'pglite' ? useTemplate : undefined,
    loadAverage: load(),
    runsSeconds: outcome.map((t) => seconds(t.ms)),
    runsCpuSeconds: outcome.map((t) => Number(t.cpu.toFixed(2))),
    medianCpuSeconds: Number(median(outcome.map((t) => t.cpu)).toFixed(2)),
    medianSeconds,
    budgetSeconds: budgets[engine],
    passed: medianSeconds <= budgets[engine],
  };
  console.log(
    `  ${engine}: median ${medianSeconds} s, CPU ${results[engine].medianCpuSeconds} s (budget ${budgets[engine]} s) -> ${results[engine].passed ? 'within budget' : 'OVER BUDGET'}`,
  );
}

const passed = Object.values(results).every((r) => r.passed !== false);
const result = { name: 'cold-start', passed, runs, measured: results };
if (process.env.BENCH_RESULT_FILE)
  writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify(result, null, 2));
process.exit(passed ? 0 : 1);
