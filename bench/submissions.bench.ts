/**
 * The end-of-period rush, measured against the physical limit in one run: clerks saving revisions of a
 * 100-field form through two API processes, then the same clients, the same bodies and the same
 * PostgreSQL against two processes of a bare Fastify + pg server that stores each save as one row
 * (bench/submissions-limit-server.ts). For each number of concurrent clients (1, 50, 200) and each
 * server: saves/s, p50/p95/p99, errors, server CPU ms per save (the processes' CPU time from /proc) and
 * database CPU ms per save (the CPU time of the PostgreSQL backends serving that server's connections,
 * from /proc: pg_stat_statements needs a server restart), the ratios API / limit, and the load average.
 * Run: `npx tsx bench/submissions.bench.ts` (PostgreSQL on this machine at BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres). Knobs: SUBMISSION_BENCH_LEVELS
 * ("1,50,200"), SUBMISSION_BENCH_SAVES (saves per level, 600; one client saves at most 100),
 * SUBMISSION_BENCH_POOL (connections per process, 10), SUBMISSION_BENCH_PROFILE (a folder: the API
 * processes run with --cpu-prof and write their profiles there). See bench/README.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { seedDemoData, seedReferenceData } from '../apps/api/src/db/seed';
import { validateContent } from '../apps/api/src/modules/submissions/validation';
import { CSRF_COOKIE, CSRF_HEADER } from '../apps/api/src/platform/csrf';
import { createSession, SESSION_COOKIE } from '../apps/api/src/platform/sessions';

const LEVELS = (process.env.SUBMISSION_BENCH_LEVELS ?? '1,50,200').split(',').map(Number);
const SAVES_PER_LEVEL = Number(process.env.SUBMISSION_BENCH_SAVES ?? 600);
const POOL = process.env.SUBMISSION_BENCH_POOL ?? '10';
const PROFILE_DIR = process.env.SUBMISSION_BENCH_PROFILE;
const CLERKS = Math.max(...LEVELS);
const FIELDS = 100;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

/** 100 fields of the kinds real returns have: numbers with limits, short texts with length and pattern, choices, notes. */
function formDefinition() {
  const components = [];
  for (let i = 1; i <= FIELDS; i++) {
    const key = `f${String(i).padStart(3, '0')}`;
    const label = `Question ${i}`;
    const kind = i % 5;
    if (kind === 0 || kind === 1)
      components.push({
        type: 'number',
        key,
        label,
        input: true,
        validate: { required: i % 2 === 0, min: 0, max: 1_000_000 },
      });
    else if (kind === 2)
      components.push({
        type: 'textfield',
        key,
        label,
        input: true,
        validate: { maxLength: 50, pattern: '[A-Za-z0-9 ]*' },
      });
    else if (kind === 3)
      components.push({
        type: 'radio',
        key,
        label,
        input: true,
        values: [
          { label: 'Yes', value: 'yes' },
          { label: 'No', value: 'no' },
        ],
        validate: { required: true },
      });
    else components.push({ type: 'textarea', key, label, input: true, validate: { maxLength: 2000 } });
  }
  return { display: 'form', components };
}

/** A full, valid answer that changes with every save. */
function answers(seed: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 1; i <= FIELDS; i++) {
    const key = `f${String(i).padStart(3, '0')}`;
    const kind = i % 5;
    if (kind === 0 || kind === 1) out[key] = (seed * 31 + i) % 10_000;
    else if (kind === 2) out[key] = `Ward ${seed % 97} bay ${i}`;
    else if (kind === 3) out[key] = (seed + i) % 2 === 0 ? 'yes' : 'no';
    else out[key] = `Notes for question ${i}, save ${seed}.`;
  }
  return out;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 100) / 100;

/** Validation alone, in this process: the cost the server pays per save, without HTTP or the database. */
function validationCost(definition: Record<string, unknown>) {
  const times = { draft: [] as number[], completed: [] as number[] };
  for (let i = 0; i < 600; i++) {
    const mode = i % 2 === 0 ? 'draft' : 'completed';
    const started = performance.now();
    const errors = validateContent(definition, answers(i)).for(mode);
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

async function setUp(databaseUrl: string) {
  const handle = await openDatabase({ databaseUrl, pgliteDir: '' });
  const { db } = handle;
  await migrateToLatest(db);
  await seedReferenceData(db);
  await seedDemoData(db);
  const collection = await db
    .insertInto('collection')
    .values({ name: 'Bench: 100-field return', status: 'published', trustAuthorisation: 'notRequired' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const definition = formDefinition();
  const form = await db
    .insertInto('form')
    .values({ collectionId: collection.id, version: 1, definition: JSON.stringify(definition) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const period = await db
    .insertInto('reportingPeriod')
    .values({
      collectionId: collection.id,
      formId: form.id,
      name: 'Bench period',
      start: '2026-01-01',
      end: '2026-01-31',
      submissionsOpen: new Date(now - 86_400_000),
      submissionsClose: new Date(now + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const organisations = await db
    .selectFrom('organisation')
    .select('id')
    .orderBy('id')
    .limit(CLERKS)
    .execute();
  if (organisations.length < CLERKS) throw new Error(`only ${organisations.length} organisations seeded`);
  await db
    .insertInto('collectionOrganisation')
    .values(organisations.map((o) => ({ collectionId: collection.id, organisationId: o.id })))
    .execute();
  const users = await db
    .insertInto('appUser')
    .values(organisations.map((_, i) => ({ email: `bench${i}@bench.test`, name: `Bench Clerk ${i}` })))
    .returning('id')
    .execute();
  await db
    .insertInto('collectionOrganisationRole')
    .values(
      users.map((u, i) => ({
        collectionId: collection.id,
        organisationId: organisations[i]!.id,
        userId: u.id,
        role: 'DataEntryClerk' as const,
      })),
    )
    .execute();
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl });
  const cookies = [];
  for (const u of users) {
    const { token } = await createSession(db, config, u.id, { sessionManagement: false });
    cookies.push(`${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=bench`);
  }
  await handle.close();
  return {
    definition,
    cookies,
    pages: organisations.map(
      (o) =>
        `/v1/api/Collection/${collection.id}/ReportingPeriod/${period.id}/Organisation/${o.id}/Submission`,
    ),
  };
}

/** One of the two servers under test: two processes on two ports, each with its own connection pool. */
interface Target {
  name: 'api' | 'limit';
  ports: number[];
  processes: ChildProcess[];
  /** The PostgreSQL application_name of its connections, to find its backends. */
  applicationName: string;
  savePath(submissionId: number): string;
}

function startTarget(name: Target['name'], ports: number[], databaseUrl: string): Target {
  const applicationName = `dcf_bench_${name}`;
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', applicationName);
  const script = name === 'api' ? 'apps/api/src/server.ts' : 'bench/submissions-limit-server.ts';
  const profile = name === 'api' && PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
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
        DATABASE_POOL_SIZE: POOL,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000000',
        WEB_DIST_DIR: '/nonexistent',
        SEED_DEMO_DATA: 'false',
        JOBS_RUN: 'false',
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

/**
 * CPU seconds a process has used so far, from /proc (Linux; any user's process): schedstat's run time in
 * nanoseconds, since stat's clock ticks (10 ms) are too coarse for a backend's share of a short run.
 */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
  } catch {
    return 0;
  }
}

/** CPU seconds so far of each PostgreSQL backend serving a target's connections, by backend pid. */
async function backendCpu(probe: pg.Client, applicationName: string): Promise<Map<number, number>> {
  const { rows } = await probe.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1',
    [applicationName],
  );
  return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
}

async function waitHealthy(port: number, healthPath: string) {
  for (let i = 0; i < 600; i++) {
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

interface Clerk {
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
async function takeLock(clerk: Clerk, port: number, errors: string[]) {
  const headers = { cookie: clerk.cookie, [CSRF_HEADER]: 'bench', 'content-type': 'application/json' };
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
  const headers = { cookie: clerk.cookie, [CSRF_HEADER]: 'bench', 'content-type': 'application/json' };
  for (let n = 0; n < saves; n++) {
    const port = target.ports[(index + n) % target.ports.length]!;
    clerk.seed += 1;
    const body = JSON.stringify({
      content: answers(index * 100_000 + clerk.seed),
      status: 'draft',
      baseRevisionId: target.name === 'api' ? clerk.baseRevisionId : null,
    });
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${target.savePath(clerk.submissionId)}`, {
      method: 'POST',
      headers,
      body,
    });
    const text = await res.text();
    samples.push({ ms: performance.now() - started, status: res.status });
    if (res.status !== 201) {
      errors.push(`save ${res.status} ${text.slice(0, 200)}`);
      return;
    }
    if (target.name === 'api')
      clerk.baseRevisionId = (JSON.parse(text) as { currentRevisionId: number }).currentRevisionId;
  }
}

/** Drives one target with `clients` concurrent clients; CPU of its processes and backends per save. */
async function drive(target: Target, clerks: Clerk[], clients: number, probe: pg.Client) {
  const saves = clients === 1 ? Math.min(100, SAVES_PER_LEVEL) : Math.ceil(SAVES_PER_LEVEL / clients);
  const samples: Sample[] = [];
  const errors: string[] = [];
  const cpuBefore = target.processes.map((c) => cpuSeconds(c.pid));
  const dbBefore = await backendCpu(probe, target.applicationName);
  const loadBefore = loadavg()[0]!;
  const started = performance.now();
  await Promise.all(
    clerks.slice(0, clients).map((clerk, i) => client(target, i, clerk, saves, samples, errors)),
  );
  const seconds = (performance.now() - started) / 1000;
  const loadAfter = loadavg()[0]!;
  const serverCpu = target.processes.reduce((sum, c, i) => sum + cpuSeconds(c.pid) - cpuBefore[i]!, 0);
  const dbAfter = await backendCpu(probe, target.applicationName);
  // A backend that appeared during the run counts whole (its start-up is part of serving the load).
  let dbCpu = 0;
  for (const [pid, after] of dbAfter) dbCpu += after - (dbBefore.get(pid) ?? 0);
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
    databaseCpuMsPerSave: perSave(dbCpu),
    totalCpuMsPerSave: perSave(serverCpu + dbCpu),
    loadAverage: { before: round(loadBefore), after: round(loadAfter) },
  };
}
type Result = Awaited<ReturnType<typeof drive>>;

function table(results: Result[]) {
  const lines = [
    '| Clients | Server | Saves/s | p50 / p95 / p99 ms | Errors | Server CPU ms/save | DB CPU ms/save | Total | Load avg |',
    '| ------- | ------ | ------- | ------------------ | ------ | ------------------ | -------------- | ----- | -------- |',
  ];
  for (const r of results)
    lines.push(
      `| ${r.clients} | ${r.target} | ${r.savesPerSecond} | ${r.latencyMs.p50} / ${r.latencyMs.p95} / ${r.latencyMs.p99} | ${r.errors} | ${r.serverCpuMsPerSave} | ${r.databaseCpuMsPerSave} | ${r.totalCpuMsPerSave} | ${r.loadAverage.before}-${r.loadAverage.after} |`,
    );
  return lines.join('\n');
}

async function main() {
  const name = `dcf_bench_sub_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const targets: Target[] = [];
  const probe = new pg.Client({ connectionString: databaseUrl });
  try {
    const { definition, cookies, pages } = await setUp(databaseUrl);
    const validation = validationCost(definition);
    targets.push(startTarget('api', [41_731, 41_732], databaseUrl));
    targets.push(startTarget('limit', [41_733, 41_734], databaseUrl));
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
    for (const target of targets) await drive(target, clerks, Math.min(20, CLERKS), probe);

    const results: Result[] = [];
    for (const clients of LEVELS)
      for (const target of targets) results.push(await drive(target, clerks, clients, probe));
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
    console.log(table(results));
    if (results.some((r) => r.errors > 0)) process.exitCode = 1;
  } finally {
    await probe.end().catch(() => undefined);
    for (const target of targets) for (const child of target.processes) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 3000));
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  }
}

await main();
