import { createServer, type Server } from 'node:http';
import { sql } from 'kysely';
import client from 'prom-client';
import type { DatabaseHandle } from '../db/database';

/**
 * Prometheus metrics (prom-client; decision 0033), served on their own port (METRICS_PORT) so they are
 * never on the public listener: `/metrics` on the main port is a 404.
 *
 * Per instance: requests by route (rate, latency, errors by status), the database pool (connections in
 * use, idle, requests waiting for one, and how long they waited), job runs by kind and outcome,
 * evaluation-worker time-outs, Node's own process metrics. Database-wide, read at each scrape (the same
 * figure from every instance): the job queue's depth and lag by kind, failed jobs, the email outbox by
 * status (sent, failed, queued...), active sessions.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'dcf_' });

export const httpRequests = new client.Counter({
  name: 'dcf_http_requests_total',
  help: 'HTTP requests answered, by method, route (as declared, e.g. /v1/api/Collection/:id) and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers: [registry],
});

export const httpDuration = new client.Histogram({
  name: 'dcf_http_request_duration_seconds',
  help: 'Time to answer, by method, route and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

export const jobRuns = new client.Counter({
  name: 'dcf_job_runs_total',
  help: 'Jobs run by this instance, by kind and outcome (done, failed, lost: another worker took it)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

export const jobDuration = new client.Histogram({
  name: 'dcf_job_duration_seconds',
  help: 'Time a job took, by kind',
  labelNames: ['kind'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120, 600],
  registers: [registry],
});

/** The evaluation-worker pool (decision 0031) counts each evaluation stopped at its time budget here. */
export const evaluationTimeouts = new client.Counter({
  name: 'dcf_evaluation_timeouts_total',
  help: 'Evaluations of manager-authored logic stopped at their time or memory budget, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const poolWaitSeconds = new client.Histogram({
  name: 'dcf_db_pool_wait_seconds',
  help: 'Time a request waited for a database connection from the pool',
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
  registers: [registry],
});

/** Called by the job runner after each job (platform/jobs/runner.ts). */
export function countJobRun(kind: string, outcome: 'done' | 'failed' | 'lost', seconds: number): void {
  jobRuns.inc({ kind, outcome });
  jobDuration.observe({ kind }, seconds);
}

/** Called by the evaluation-worker pool when it stops an evaluation at its budget. */
export function countEvaluationTimeout(kind: string): void {
  evaluationTimeouts.inc({ kind });
}

let databaseMetricsFor: DatabaseHandle | null = null;

/** Pool gauges and the database-wide figures, read from this database at each scrape. */
export function watchDatabase(database: DatabaseHandle): void {
  const first = databaseMetricsFor === null;
  databaseMetricsFor = database;
  const { pool } = database;
  const connect = pool.connect.bind(pool) as () => Promise<unknown>;
  // How long each checkout waited: the pool's own counters say how many wait, not for how long.
  (pool as unknown as { connect: () => Promise<unknown> }).connect = () => {
    const end = poolWaitSeconds.startTimer();
    return connect().finally(end);
  };
  if (!first) return;
  const gauge = (name: string, help: string, labelNames: string[], collect: (g: client.Gauge) => unknown) =>
    new client.Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          await collect(this);
        } catch {
          // The database is down: health and readiness say so; the scrape still answers.
        }
      },
    });
  gauge('dcf_db_pool_connections', 'Database pool connections by state (in use, idle)', ['state'], (g) => {
    const p = databaseMetricsFor?.pool;
    if (!p) return;
    g.set({ state: 'in_use' }, p.totalCount - p.idleCount);
    g.set({ state: 'idle' }, p.idleCount);
  });
  gauge('dcf_db_pool_waiting', 'Requests waiting for a database connection now', [], (g) =>
    g.set(databaseMetricsFor?.pool.waitingCount ?? 0),
  );
  gauge('dcf_job_queue_depth', 'Jobs waiting to run, by kind (database-wide)', ['kind'], async (g) => {
    const rows = await sql<{ name: string; count: string; lag: number | null }>`
      select name, count(*) as count, extract(epoch from now() - min(run_at)) as lag
      from job where status = 'pending' and run_at <= now() group by name`.execute(databaseMetricsFor!.db);
    for (const row of rows.rows) g.set({ kind: row.name }, Number(row.count));
  });
  gauge(
    'dcf_job_queue_lag_seconds',
    'How long the oldest due job has waited, by kind',
    ['kind'],
    async (g) => {
      const rows = await sql<{ name: string; lag: number }>`
      select name, extract(epoch from now() - min(run_at)) as lag
      from job where status = 'pending' and run_at <= now() group by name`.execute(databaseMetricsFor!.db);
      for (const row of rows.rows) g.set({ kind: row.name }, Math.max(0, Number(row.lag)));
    },
  );
  gauge('dcf_jobs_failed', 'Jobs that failed for good (all attempts spent), by kind', ['kind'], async (g) => {
    const rows = await sql<{ name: string; count: string }>`
      select name, count(*) as count from job where status = 'failed' group by name`.execute(
      databaseMetricsFor!.db,
    );
    for (const row of rows.rows) g.set({ kind: row.name }, Number(row.count));
  });
  gauge('dcf_emails', 'Emails in the outbox by status (sent, failed, queued, ...)', ['status'], async (g) => {
    const rows = await sql<{ status: string; count: string }>`
      select status, count(*) as count from mail_outbox group by status`.execute(databaseMetricsFor!.db);
    for (const row of rows.rows) g.set({ status: row.status }, Number(row.count));
  });
  gauge('dcf_sessions_active', 'Sessions not ended and not expired', [], async (g) => {
    const rows = await sql<{ count: string }>`
      select count(*) as count from session
      where ended_at is null and idle_expires_at > now() and absolute_expires_at > now()`.execute(
      databaseMetricsFor!.db,
    );
    g.set(Number(rows.rows[0]?.count ?? 0));
  });
}

/** The metrics listener: GET /metrics on its own port; anything else 404. */
export function startMetricsServer(host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
