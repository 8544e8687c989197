/**
 * The end-of-period rush: 200 concurrent clients saving revisions of a 100-field form through two API
 * processes sharing one PostgreSQL database. Run: `npx tsx bench/submissions.bench.ts` (PostgreSQL at
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres).
 * Knobs: SUBMISSION_BENCH_CLIENTS (200), SUBMISSION_BENCH_SAVES (10 per client), SUBMISSION_BENCH_POOL
 * (database connections per instance, 10). Prints its figures as JSON; see bench/README.md.
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

const CLIENTS = Number(process.env.SUBMISSION_BENCH_CLIENTS ?? 200);
const SAVES = Number(process.env.SUBMISSION_BENCH_SAVES ?? 10);
const POOL = process.env.SUBMISSION_BENCH_POOL ?? '10';
const FIELDS = 100;
const PORTS = [41_731, 41_732];
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
  for (let i = 0; i < 1200; i++) {
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
    .limit(CLIENTS)
    .execute();
  if (organisations.length < CLIENTS) throw new Error(`only ${organisations.length} organisations seeded`);
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

function startInstance(port: number, databaseUrl: string): ChildProcess {
  // One process per instance (tsx as a loader, not its CLI, which would add a parent process), so its
  // CPU time can be read from /proc.
  return spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: POOL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      WEB_DIST_DIR: '/nonexistent',
      SEED_DEMO_DATA: 'false',
      JOBS_RUN: 'false',
    },
  });
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function waitHealthy(port: number) {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance on ${port} never became healthy`);
}

interface Sample {
  ms: number;
  status: number;
  validateMs: number | null;
}

/** One clerk: takes the lock on one instance, then saves SAVES drafts, alternating between the two instances. */
async function client(index: number, cookie: string, page: string, samples: Sample[], errors: string[]) {
  const headers = { cookie, [CSRF_HEADER]: 'bench', 'content-type': 'application/json' };
  const base = (n: number) => `http://127.0.0.1:${PORTS[(index + n) % PORTS.length]}`;
  const locked = await fetch(`${base(0)}${page}/Lock`, { method: 'POST', headers, body: '{}' });
  const view = (await locked.json()) as { submissionId: number; currentRevisionId: number | null };
  if (locked.status !== 200) {
    errors.push(`lock ${locked.status} ${JSON.stringify(view)}`);
    return;
  }
  let baseRevisionId = view.currentRevisionId;
  for (let n = 0; n < SAVES; n++) {
    const body = JSON.stringify({ content: answers(index * 1000 + n), status: 'draft', baseRevisionId });
    const started = performance.now();
    const res = await fetch(`${base(n + 1)}/v1/api/Submission/${view.submissionId}/SubmissionRevision`, {
      method: 'POST',
      headers,
      body,
    });
    const text = await res.text();
    const ms = performance.now() - started;
    const timing = /validate;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
    samples.push({ ms, status: res.status, validateMs: timing ? Number(timing[1]) : null });
    if (res.status !== 201) {
      errors.push(`save ${res.status} ${text.slice(0, 200)}`);
      return;
    }
    baseRevisionId = (JSON.parse(text) as { currentRevisionId: number }).currentRevisionId;
  }
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
  const instances: ChildProcess[] = [];
  try {
    const { definition, cookies, pages } = await setUp(databaseUrl);
    const validation = validationCost(definition);
    for (const port of PORTS) instances.push(startInstance(port, databaseUrl));
    await Promise.all(PORTS.map(waitHealthy));

    const samples: Sample[] = [];
    const errors: string[] = [];
    const cpuBefore = instances.map((c) => cpuSeconds(c.pid));
    const loadBefore = loadavg()[0]!;
    const started = performance.now();
    await Promise.all(cookies.map((cookie, i) => client(i, cookie, pages[i]!, samples, errors)));
    const seconds = (performance.now() - started) / 1000;
    const appCpuSeconds = instances.reduce((sum, c, i) => sum + cpuSeconds(c.pid) - cpuBefore[i]!, 0);

    const ok = samples.filter((s) => s.status === 201);
    const latencies = ok.map((s) => s.ms).sort((a, b) => a - b);
    const validate = ok
      .map((s) => s.validateMs)
      .filter((v): v is number => v !== null)
      .sort((a, b) => a - b);
    const probe = new pg.Client({ connectionString: databaseUrl });
    await probe.connect();
    const { rows } = await probe.query('select count(*)::int as n from submission_revision');
    await probe.end();
    console.log(
      JSON.stringify(
        {
          engine: 'postgres',
          instances: PORTS.length,
          poolPerInstance: Number(POOL),
          clients: CLIENTS,
          savesPerClient: SAVES,
          fields: FIELDS,
          saves: samples.length,
          revisionsStored: rows[0].n,
          errors: errors.length,
          firstErrors: errors.slice(0, 3),
          seconds: round(seconds),
          throughputPerSecond: round(ok.length / seconds),
          latencyMs: {
            p50: round(percentile(latencies, 50)),
            p95: round(percentile(latencies, 95)),
            p99: round(percentile(latencies, 99)),
            max: round(latencies.at(-1) ?? 0),
          },
          validationUnderLoadMs: {
            p50: round(percentile(validate, 50)),
            p95: round(percentile(validate, 95)),
            mean: round(validate.reduce((a, b) => a + b, 0) / Math.max(1, validate.length)),
          },
          validationAloneMs: validation,
          // Load-independent: what one save costs the API processes in CPU (PostgreSQL not included).
          appCpuMsPerSave: round((appCpuSeconds * 1000) / Math.max(1, ok.length)),
          machine: {
            cpus: cpus().length,
            loadAverageBefore: round(loadBefore),
            loadAverageAfter: round(loadavg()[0]!),
          },
        },
        null,
        2,
      ),
    );
    if (errors.length > 0) process.exitCode = 1;
  } finally {
    for (const child of instances) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  }
}

await main();
