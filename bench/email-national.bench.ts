/**
 * National emails through a real SMTP server (issue 25, decision 0034): the national collection of
 * support/national.ts, every one of its 15,000 organisations given a data entry clerk, and two
 * instances of the service (API processes with their job workers, JOBS_RUN on, as deployed) sending
 * through SMTP_URL to an SMTP server on loopback in a process of its own (support/smtp-sink.ts).
 *
 * 1. **'Period opened' to every organisation**: the event is raised as the schedule raises it (one
 *    job); measured from its commit to the SMTP server accepting the last email.
 * 2. **A manager's reminder to every organisation not completed**: 'Send reminder' pressed through
 *    HTTP; the press's answer time, then until the last email is accepted.
 *
 * For each: emails per second, and CPU per email of the service's processes (every thread), their
 * PostgreSQL backends and the SMTP server's process; the 1-minute load average before and after.
 * Budget (issue 25): 15,000 organisations' emails delivered within 60 s.
 * Run: `BENCH_NATIONAL_KEEP=1 npx tsx bench/email-national.bench.ts`. Knobs: EMAIL_BENCH_PARTS
 * ("opened,reminder"), EMAIL_BENCH_ORGANISATIONS (15,000; fewer while developing), EMAIL_BENCH_CONCURRENCY (the workers' JOBS_CONCURRENCY, default the service's),
 * EMAIL_BENCH_SMTP_QUERY (appended to SMTP_URL, e.g. "maxConnections=10"), EMAIL_BENCH_PROFILE (a folder:
 * the service's processes write CPU profiles there when stopped).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/database';
import { notify } from '../apps/api/src/modules/notifications/events';
import { CSRF_HEADER } from '../apps/api/src/platform/csrf';
import { backendCpu, backendCpuBetween, processTreeCpuSeconds } from './support/cpu';
import { nationalCollection, nationalOptions } from './support/national';
import { repoRoot, round, startTarget, stopTargets, type Target, waitHealthy } from './support/save-load';

const PARTS = (process.env.EMAIL_BENCH_PARTS ?? 'opened,reminder').split(',');
const BUDGET_SECONDS = 60;
const LIMIT_MS = 10 * 60_000;
const ORGANISATIONS = Number(process.env.EMAIL_BENCH_ORGANISATIONS ?? 15_000);
const load = () => round(loadavg()[0]!);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const national = await nationalCollection(nationalOptions({ organisations: ORGANISATIONS }));
const handle = await openDatabase({ databaseUrl: national.databaseUrl, pgliteDir: '', poolSize: 2 });
const { db } = handle;

// Every organisation of the collection gets a data entry clerk of its own (once; kept with the database).
await sql`
  insert into app_user (email, name)
  select 'contact-' || co.organisation_id || '@national.bench', 'Contact ' || co.organisation_id
  from collection_organisation co where co.collection_id = ${national.collectionId}
  on conflict do nothing`.execute(db);
await sql`
  insert into collection_organisation_role (collection_id, organisation_id, user_id, role)
  select ${national.collectionId}, co.organisation_id, u.id, 'DataEntryClerk'
  from collection_organisation co
  join app_user u on u.email = 'contact-' || co.organisation_id || '@national.bench'
  where co.collection_id = ${national.collectionId}
  on conflict do nothing`.execute(db);
await db
  .updateTable('collection')
  .set({ isEmailEnabled: true })
  .where('id', '=', national.collectionId)
  .execute();
// A clean queue: nothing left from an earlier run.
await db.deleteFrom('job').where('status', 'in', ['pending', 'running']).execute();
await db.deleteFrom('mailOutbox').where('reportingPeriodId', '=', national.openPeriodId).execute();
await db.deleteFrom('chase').where('reportingPeriodId', '=', national.openPeriodId).execute();

/** The SMTP server, in its own process: its count of accepted messages and latest arrival. */
function startSink(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/smtp-sink.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve) =>
    child.once('message', (m: { port: number }) => resolve({ child, port: m.port })),
  );
}
const sink = await startSink();
let latest = { count: 0, firstAt: 0, lastAt: 0 };
sink.child.on('message', (m: { count?: number; firstAt?: number; lastAt?: number }) => {
  if (m.count !== undefined) latest = { count: m.count, firstAt: m.firstAt ?? 0, lastAt: m.lastAt ?? 0 };
});

const smtpQuery = process.env.EMAIL_BENCH_SMTP_QUERY ? `?${process.env.EMAIL_BENCH_SMTP_QUERY}` : '';
const targets: Target[] = [];
const probe = new pg.Client({ connectionString: national.databaseUrl });
const results: Record<string, unknown>[] = [];
try {
  const target = startTarget('api', [41_761, 41_762], national.databaseUrl, {
    pool: '10',
    profileDir: process.env.EMAIL_BENCH_PROFILE,
    env: {
      JOBS_RUN: 'true',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}${smtpQuery}`,
      ...(process.env.EMAIL_BENCH_CONCURRENCY
        ? { JOBS_CONCURRENCY: process.env.EMAIL_BENCH_CONCURRENCY }
        : {}),
    },
  });
  targets.push(target);
  await Promise.all(target.ports.map((p) => waitHealthy(p, '/v1/api/health')));
  await probe.connect();

  /** The SMTP server's count back to nothing (between the parts). */
  async function resetSink() {
    sink.child.send('reset');
    await sleep(100);
    latest = { count: 0, firstAt: 0, lastAt: 0 };
  }

  /** The CPU readings and load before a part starts. */
  async function begin() {
    return {
      loadBefore: load(),
      cpuBefore: target.processes.map((c) => processTreeCpuSeconds(c.pid)),
      sinkBefore: processTreeCpuSeconds(sink.child.pid),
      dbBefore: await backendCpu(probe, target.applicationName),
    };
  }

  /** Waits for `expected` emails at the SMTP server; the seconds from `t0` (epoch ms) to the last. */
  async function delivered(
    label: string,
    expected: number,
    t0: number,
    { loadBefore, cpuBefore, sinkBefore, dbBefore }: Awaited<ReturnType<typeof begin>>,
    extra: Record<string, unknown>,
  ) {
    while (latest.count < expected && Date.now() - t0 < LIMIT_MS) {
      await sleep(250);
      sink.child.send('report');
    }
    await sleep(300);
    const got = latest.count;
    const seconds = (latest.lastAt - t0) / 1000;
    const serverCpu = target.processes.reduce(
      (s, c, i) => s + processTreeCpuSeconds(c.pid) - cpuBefore[i]!,
      0,
    );
    const sinkCpu = processTreeCpuSeconds(sink.child.pid) - sinkBefore;
    const dbCpu = backendCpuBetween(dbBefore, await backendCpu(probe, target.applicationName));
    const statuses = await db
      .selectFrom('mailOutbox')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('reportingPeriodId', '=', national.openPeriodId)
      .groupBy('status')
      .execute();
    const result = {
      label,
      expected,
      delivered: got,
      seconds: round(seconds),
      firstEmailSeconds: round((latest.firstAt - t0) / 1000),
      emailsPerSecond: round(got / seconds),
      withinBudget: got >= expected && seconds <= BUDGET_SECONDS,
      cpuMsPerEmail: {
        service: round((serverCpu * 1000) / Math.max(1, got)),
        database: round((dbCpu * 1000) / Math.max(1, got)),
        smtpServer: round((sinkCpu * 1000) / Math.max(1, got)),
      },
      outbox: Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)])),
      load: `${loadBefore}-${load()}`,
      ...extra,
    };
    console.log(JSON.stringify(result));
    results.push(result);
  }

  if (PARTS.includes('opened')) {
    // Organisations expected in the period, each with its clerks: the emails 'period opened' sends.
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from (select distinct r.organisation_id, r.user_id
        from collection_organisation_role r
        join collection_organisation co
          on co.collection_id = r.collection_id and co.organisation_id = r.organisation_id
        join organisation o on o.id = r.organisation_id
        join reporting_period rp on rp.id = ${national.openPeriodId}
        where r.collection_id = ${national.collectionId}
          and (o.closure_date is null
            or o.closure_date >= (rp.submissions_open at time zone 'Europe/London')::date)) x`.execute(db);
    const expected = rows[0]!.n;
    await resetSink();
    const mark = await begin();
    const t0 = Date.now();
    await notify(db, { type: 'periodOpened', periodId: national.openPeriodId, at: new Date().toISOString() });
    await delivered("'Period opened' to every organisation", expected, t0, mark, {});
  }

  if (PARTS.includes('reminder')) {
    const cookie = national.managerCookie;
    const url = `http://127.0.0.1:${target.ports[0]}/v1/api/Collection/${national.collectionId}/ReportingPeriod/${national.openPeriodId}/Reminder`;
    await resetSink();
    const mark = await begin();
    const t0 = Date.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        cookie,
        [CSRF_HEADER]: /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    const pressMs = Date.now() - t0;
    const body = (await res.json()) as { chased: number; emails: number };
    if (res.status !== 200) throw new Error(`reminder ${res.status} ${JSON.stringify(body)}`);
    await delivered("A manager's reminder to every organisation not completed", body.emails, t0, mark, {
      pressMs,
      chased: body.chased,
    });
  }
} finally {
  await probe.end().catch(() => undefined);
  await stopTargets(targets);
  sink.child.disconnect();
  await handle.close();
  await national.close();
}
console.log(JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2));
if (results.some((r) => !r.withinBudget)) process.exitCode = 1;
