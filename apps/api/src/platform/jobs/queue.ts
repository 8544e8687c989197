import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';

/**
 * Claim order, lowest first: a manager's reminder (urgent) overtakes a queue of bulk confirmations.
 * Within one priority, the job due first runs first.
 */
export const JOB_PRIORITY = {
  /** Someone is waiting for it now: a manager pressed 'Send reminder', a sign-in email. */
  urgent: 0,
  /** The default: scheduled work, emails people act on. */
  normal: 50,
  /** Many at once, nobody waiting: confirmations, 'period opened' to every submitter. */
  bulk: 100,
} as const;

export interface NewJob {
  /** The handler that runs it (see JobHandlers). */
  name: string;
  data?: Record<string, unknown>;
  /**
   * Idempotency key: a job with a key already in the queue (pending, running, done or failed) is not
   * added again, so an event raised twice, or a schedule seen by two instances, runs once.
   */
  key?: string;
  runAt?: Date;
  maxAttempts?: number;
  /** JOB_PRIORITY: lower runs first (default normal). */
  priority?: number;
}

/**
 * Adds a job. Pass the transaction of the change that raises it: the job exists exactly when that
 * change commits. Returns false when a job with the same key exists already.
 */
export async function enqueue(db: Db | Tx, job: NewJob): Promise<boolean> {
  const inserted = await db
    .insertInto('job')
    .values({
      name: job.name,
      key: job.key ?? null,
      data: JSON.stringify(job.data ?? {}),
      ...(job.runAt ? { runAt: job.runAt } : {}),
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
      priority: job.priority ?? JOB_PRIORITY.normal,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Adds many jobs in one statement (same rules as enqueue); returns how many were new. */
export async function enqueueMany(db: Db | Tx, jobs: NewJob[]): Promise<number> {
  if (jobs.length === 0) return 0;
  const rows = await db
    .insertInto('job')
    .values(
      jobs.map((job) => ({
        name: job.name,
        key: job.key ?? null,
        data: JSON.stringify(job.data ?? {}),
        runAt: job.runAt ?? new Date(),
        maxAttempts: job.maxAttempts ?? 5,
        priority: job.priority ?? JOB_PRIORITY.normal,
      })),
    )
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

export interface ClaimedJob {
  id: number;
  name: string;
  key: string | null;
  data: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

/**
 * Claims the next due job for this worker: the lowest priority number, then the earliest due.
 * `skip locked` lets several workers (in one process or across instances) claim side by side; a
 * running job whose lease ran out (its worker died) is due again.
 */
export async function claimNextJob(db: Db, leaseSeconds: number): Promise<ClaimedJob | undefined> {
  const { rows } = await sql<ClaimedJob>`
    update job set status = 'running', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseSeconds})
    where id = (
      select id from job
      where (status = 'pending' and run_at <= now()) or (status = 'running' and locked_until < now())
      order by priority, run_at, id
      limit 1
      for update skip locked
    )
    returning id, name, key, data, attempts, max_attempts as "maxAttempts"
  `.execute(db);
  return rows[0];
}

export async function completeJob(db: Db, id: number): Promise<void> {
  await db
    .updateTable('job')
    .set({ status: 'done', finishedAt: new Date(), lockedUntil: null })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: retried with exponential back-off (30 s, 1, 2, 4 ... minutes) until maxAttempts. */
export async function failJob(db: Db, job: ClaimedJob, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const finalAttempt = job.attempts >= job.maxAttempts;
  await db
    .updateTable('job')
    .set({
      status: finalAttempt ? 'failed' : 'pending',
      lastError: message.slice(0, 2000),
      lockedUntil: null,
      runAt: new Date(Date.now() + 30_000 * 2 ** (job.attempts - 1)),
      ...(finalAttempt ? { finishedAt: new Date() } : {}),
    })
    .where('id', '=', job.id)
    .execute();
}

/** Finished jobs are kept a week for diagnosis, then removed. */
export async function deleteFinishedJobs(db: Db, olderThanDays = 7): Promise<void> {
  await db
    .deleteFrom('job')
    .where('status', 'in', ['done', 'failed'])
    .where('finishedAt', '<', new Date(Date.now() - olderThanDays * 86_400_000))
    .execute();
}
