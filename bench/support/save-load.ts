import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { request } from 'undici';
import { CSRF_HEADER } from '../../apps/api/src/platform/csrf';

/** The session's own anti-forgery token, as the clerk's cookie carries it (csrf.ts, decision 0032). */
const csrfOf = (cookie: string) => /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';

import { backendCpu, backendCpuBetween, processTreeCpu } from './cpu';
import { answers } from './return-form';

/**
 * Clerks saving drafts through HTTP against server processes, with the CPU it costs: the servers'
 * processes (every thread, every child: cpu.ts) and the PostgreSQL backends serving their connections.
 * Used by submissions.bench.ts (the API against the limit) and data-quality-national.bench.ts.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
export const round = (n: number) => Math.round(n * 100) / 100;

/** Servers under test: processes on ports, each with its own connection pool. */
export interface Target {
  name: 'api' | 'limit';
  ports: number[];
  processes: ChildProcess[];
  /** The PostgreSQL application_name of its connections, to find its backends. */
  applicationName: string;
  savePath(submissionId: number): string;
}

export function startTarget(
  name: Target['name'],
  ports: number[],
  databaseUrl: string,
  options: {
    pool: string;
    profileDir?: string | undefined;
    env?: Record<string, string>;
    /** Another script to run (default: the API's server, or the limit's), and a label for its connections. */
    script?: string;
    label?: string;
  },
): Target {
  const applicationName = `dcf_bench_${options.label ?? name}`;
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', applicationName);
  const script =
    options.script ?? (name === 'api' ? 'apps/api/src/server.ts' : 'bench/submissions-limit-server.ts');
  const profile =
    name === 'api' && options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  // One process per instance (tsx as a loader, not its CLI, which would add a parent process), so its
  // CPU time can be read from /proc.
  const processes = ports.map((port) =>
    spawn(process.execPath, [...profile, '--import', 'tsx', script], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        DATABASE_POOL_SIZE: options.pool,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000000',
        WEB_DIST_DIR: '/nonexistent',
        SEED_DEMO_DATA: 'false',
        JOBS_RUN: 'false',
        ...options.env,
      },
    }),
  );
  return {
    name,
    ports,
    processes,
    applicationName,
    savePath: (id) => (name === 'api' ? `/v1/api/Submission/${id}/SubmissionRevision` : `/save/${id}`),
  };
}

export async function waitHealthy(port: number, healthPath: string) {
  for (let i = 0; i < 900; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}${healthPath}`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} never became healthy`);
}

export async function stopTargets(targets: Target[]) {
  const exited = targets.flatMap((target) =>
    target.processes.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await Promise.race([Promise.all(exited), new Promise((r) => setTimeout(r, 10_000))]);
}

export interface Clerk {
  cookie: string;
  page: string;
  submissionId: number;
  baseRevisionId: number | null;
  seed: number;
}

interface Sample {
  ms: number;
  status: number;
}

/** A clerk takes the lock once (the API refuses a save without it); it is renewed by every save. */
export async function takeLock(clerk: Clerk, port: number, errors: string[]) {
  const headers = {
    cookie: clerk.cookie,
    [CSRF_HEADER]: csrfOf(clerk.cookie),
    'content-type': 'application/json',
  };
  const locked = await fetch(`http://127.0.0.1:${port}${clerk.page}/Lock`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  const view = (await locked.json()) as { submissionId: number; currentRevisionId: number | null };
  if (locked.status !== 200) errors.push(`lock ${locked.status} ${JSON.stringify(view)}`);
  clerk.submissionId = view.submissionId;
  clerk.baseRevisionId = view.currentRevisionId;
}

/** One client: `saves` drafts one after another, each naming the revision it started from, alternating instances. */
async function client(
  target: Target,
  index: number,
  clerk: Clerk,
  saves: number,
  samples: Sample[],
  errors: string[],
) {
  const headers = {
    cookie: clerk.cookie,
    [CSRF_HEADER]: csrfOf(clerk.cookie),
    'content-type': 'application/json',
  };
  for (let n = 0; n < saves; n++) {
    const port = target.ports[(index + n) % target.ports.length]!;
    clerk.seed += 1;
    const body = JSON.stringify({
      content: answers(index * 100_000 + clerk.seed),
      status: 'draft',
      baseRevisionId: target.name === 'api' ? clerk.baseRevisionId : null,
    });
    const started = performance.now();
    // undici's request, not fetch: no WHATWG Request/Response objects, so the generator costs the
    // shared processor less (what is measured is the server's CPU; this is only what competes with it).
    const res = await request(`http://127.0.0.1:${port}${target.savePath(clerk.submissionId)}`, {
      method: 'POST',
      headers,
      body,
    });
    const text = await res.body.text();
    samples.push({ ms: performance.now() - started, status: res.statusCode });
    if (res.statusCode !== 201) {
      errors.push(`save ${res.statusCode} ${text.slice(0, 200)}`);
      return;
    }
    if (target.name === 'api')
      clerk.baseRevisionId = (JSON.parse(text) as { currentRevisionId: number }).currentRevisionId;
  }
}

/**
 * Drives one target with `clients` concurrent clients, `total` saves in all (one client: at most
 * `single`); CPU per save of its processes (all threads and children) and of its backends.
 */
export async function drive(
  target: Target,
  clerks: Clerk[],
  clients: number,
  probe: pg.Client,
  total: number,
  single = 100,
) {
  const saves = clients === 1 ? Math.min(single, total) : Math.ceil(total / clients);
  const samples: Sample[] = [];
  const errors: string[] = [];
  const cpuBefore = target.processes.map((c) => processTreeCpu(c.pid));
  const dbBefore = await backendCpu(probe, target.applicationName);
  const loadBefore = loadavg()[0]!;
  // The load generator's own CPU (this process, every thread): on a small machine it competes with the server.
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    clerks.slice(0, clients).map((clerk, i) => client(target, i, clerk, saves, samples, errors)),
  );
  const seconds = (performance.now() - started) / 1000;
  const generator = process.cpuUsage(clientBefore);
  const loadAfter = loadavg()[0]!;
  const cpuAfter = target.processes.map((c) => processTreeCpu(c.pid));
  const serverCpu = cpuAfter.reduce((sum, c, i) => sum + c.total - cpuBefore[i]!.total, 0);
  // The evaluation box's worker processes (decision 0031), counted in serverCpu and shown apart.
  const boxCpu = cpuAfter.reduce((sum, c, i) => sum + c.children - cpuBefore[i]!.children, 0);
  const dbCpu = backendCpuBetween(dbBefore, await backendCpu(probe, target.applicationName));
  const ok = samples.filter((s) => s.status === 201);
  const latencies = ok.map((s) => s.ms).sort((a, b) => a - b);
  const perSave = (cpu: number) => round((cpu * 1000) / Math.max(1, ok.length));
  return {
    target: target.name,
    clients,
    saves: samples.length,
    errors: errors.length,
    firstErrors: errors.slice(0, 3),
    seconds: round(seconds),
    savesPerSecond: round(ok.length / seconds),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
    },
    serverCpuMsPerSave: perSave(serverCpu),
    boxCpuMsPerSave: perSave(boxCpu),
    databaseCpuMsPerSave: perSave(dbCpu),
    totalCpuMsPerSave: perSave(serverCpu + dbCpu),
    clientCpuMsPerSave: perSave((generator.user + generator.system) / 1e6),
    loadAverage: { before: round(loadBefore), after: round(loadAfter) },
  };
}
export type DriveResult = Awaited<ReturnType<typeof drive>>;

export function resultTable(results: DriveResult[]) {
  const lines = [
    '| Clients | Server | Saves/s | p50 / p95 / p99 ms | Errors | Server CPU ms/save (of which box workers) | DB CPU ms/save | Total | Load generator CPU ms/save | Load avg |',
    '| ------- | ------ | ------- | ------------------ | ------ | ----------------------------------------- | -------------- | ----- | -------------------------- | -------- |',
  ];
  for (const r of results)
    lines.push(
      `| ${r.clients} | ${r.target} | ${r.savesPerSecond} | ${r.latencyMs.p50} / ${r.latencyMs.p95} / ${r.latencyMs.p99} | ${r.errors} | ${r.serverCpuMsPerSave} (${r.boxCpuMsPerSave}) | ${r.databaseCpuMsPerSave} | ${r.totalCpuMsPerSave} | ${r.clientCpuMsPerSave} | ${r.loadAverage.before}-${r.loadAverage.after} |`,
    );
  return lines.join('\n');
}
