import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { assertDeclared, type JobKind } from './kinds';

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

export interface EnqueueOptions {
  /**
   * Idempotency key: a job with a key already in the queue (pending, running, done or failed) is not
   * added again, so an event raised twice, or a schedule seen by two instances, runs once.
   */
  key?: string;
  /**
   * At most one job with this value is pending or running at a time (a second is not added while the
   * first is queued or running; once it has finished, another may be). The ODS sync is one at a time.
   */
  exclusive?: string;
  runAt?: Date;
  /** Default: the kind's, else 5. */
  maxAttempts?: number;
  /** JOB_PRIORITY: lower runs first (default: the kind's, else normal). */
  priority?: number;
}

function row<P>(kind: JobKind<P>, payload: P, options: EnqueueOptions) {
  return {
    name: kind.name,
    key: options.key ?? null,
    exclusiveKey: options.exclusive ?? null,
    // Checked here, in the change that raises the job: a payload its handler could not read fails now.
    data: JSON.stringify(kind.schema.parse(payload)),
    runAt: options.runAt ?? new Date(),
    maxAttempts: options.maxAttempts ?? kind.maxAttempts ?? 5,
    priority: options.priority ?? kind.priority ?? JOB_PRIORITY.normal,
  };
}

/**
 * Adds a job of a declared kind (kinds.ts). Pass the transaction of the change that raises it: the job
 * exists exactly when that change commits. Returns false when a job with the same key exists already,
 * or one with the same `exclusive` value is pending or running.
 */
export async function enqueue<P>(
  db: Db | Tx,
  kind: JobKind<P>,
  payload: NoInfer<P>,
  options: EnqueueOptions = {},
): Promise<boolean> {
  return (await enqueueReturningId(db, kind, payload, options)) !== undefined;
}

/** The same, returning the new job's id (undefined when not added). */
export async function enqueueReturningId<P>(
  db: Db | Tx,
  kind: JobKind<P>,
  payload: NoInfer<P>,
  options: EnqueueOptions = {},
): Promise<number | undefined> {
  assertDeclared(kind);
  const inserted = await db
    .insertInto('job')
    .values(row(kind, payload, options))
    // Either unique rule (the key, or one exclusive job at a time) makes the insert a no-op.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** Adds many jobs of one kind in one statement (same rules as enqueue); returns how many were new. */
export async function enqueueMany<P>(
  db: Db | Tx,
  kind: JobKind<P>,
  jobs: (EnqueueOptions & { payload: NoInfer<P> })[],
): Promise<number> {
  assertDeclared(kind);
  if (jobs.length === 0) return 0;
  const rows = await db
    .insertInto('job')
    .values(jobs.map((job) => row(kind, job.payload, job)))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

export interface ClaimedJob {
  id: number;
  name: string;
  key: string | null;
  data: Record<string, unknown>;
  /** This claim's attempt: the claim's token, compared by every later write of the worker holding it. */
  attempts: number;
  maxAttempts: number;
}

const RETURNING = sql`returning id, name, key, data, attempts, max_attempts as "maxAttempts"`;

/**
 * Claims the next due job of the named kinds for this worker: the lowest priority number, then the
 * earliest due. `skip locked` lets several workers (in one process or across instances) claim side by
 * side; a running job whose lease ran out (its worker died or lost the database) is due again, and
 * claiming it again raises `attempts`, which ends the earlier claim (see `completeJob`). A worker
 * claims only kinds it can run, so an instance of an older version leaves a newer kind to the others.
 */
export async function claimNextJob(
  db: Db,
  names: readonly string[],
  leaseSeconds: number,
): Promise<ClaimedJob | undefined> {
  if (names.length === 0) return undefined;
  const { rows } = await sql<ClaimedJob>`
    update job set status = 'running', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseSeconds})
    where id = (
      select id from job
      where ((status = 'pending' and run_at <= now()) or (status = 'running' and locked_until < now()))
        and name in (${sql.join(names)})
      order by priority, run_at, id
      limit 1
      for update skip locked
    )
    ${RETURNING}
  `.execute(db);
  return rows[0];
}

/** Claims one job by id now (the CLI running a sync in its own process), if nobody holds it. */
export async function claimJob(db: Db, id: number, leaseSeconds: number): Promise<ClaimedJob | undefined> {
  const { rows } = await sql<ClaimedJob>`
    update job set status = 'running', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseSeconds})
    where id = ${id} and (status = 'pending' or (status = 'running' and locked_until < now()))
    ${RETURNING}
  `.execute(db);
  return rows[0];
}

/** Only the claim a worker holds: the same attempt, still running (another claim raised `attempts`). */
const held = (job: ClaimedJob) =>
  sql<boolean>`id = ${job.id} and attempts = ${job.attempts} and status = 'running'`;

/** Extends the claim's lease; false when the claim is no longer this worker's. */
export async function renewLease(db: Db, job: ClaimedJob, leaseSeconds: number): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(held(job))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Stores how far the job has got (read by screens); false when the claim is no longer this worker's. */
export async function storeProgress(db: Db, job: ClaimedJob, progress: unknown): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ progress: JSON.stringify(progress) })
    .where(held(job))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Locks the job's row inside the caller's transaction while the claim is still this worker's: a change
 * the job makes commits only if no other worker has taken the job meanwhile (and none can take it
 * until that transaction ends: the claim skips locked rows). False when the claim is lost.
 */
export async function lockClaim(tx: Tx, job: ClaimedJob): Promise<boolean> {
  const found = await tx.selectFrom('job').select('id').where(held(job)).forUpdate().executeTakeFirst();
  return found !== undefined;
}

/** Marks the claim done; false (nothing changed) when the worker lost its claim meanwhile. */
export async function completeJob(db: Db, job: ClaimedJob): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ status: 'done', finishedAt: new Date(), lockedUntil: null })
    .where(held(job))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A failed attempt: retried with exponential back-off (30 s, 1, 2, 4 ... minutes) until maxAttempts,
 * or at once `final`. Returns 'retry' or 'failed', or 'lost' when the worker no longer holds the claim.
 */
export async function failJob(
  db: Db,
  job: ClaimedJob,
  error: unknown,
  final = job.attempts >= job.maxAttempts,
): Promise<'retry' | 'failed' | 'lost'> {
  const message = error instanceof Error ? error.message : String(error);
  const result = await db
    .updateTable('job')
    .set({
      status: final ? 'failed' : 'pending',
      lastError: message.slice(0, 2000),
      lockedUntil: null,
      runAt: new Date(Date.now() + 30_000 * 2 ** (Math.max(1, job.attempts) - 1)),
      ...(final ? { finishedAt: new Date() } : {}),
    })
    .where(held(job))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return 'lost';
  return final ? 'failed' : 'retry';
}

/** Finished jobs are kept a week for diagnosis, then removed. */
export async function deleteFinishedJobs(db: Db, olderThanDays = 7): Promise<void> {
  await db
    .deleteFrom('job')
    .where('status', 'in', ['done', 'failed'])
    .where('finishedAt', '<', new Date(Date.now() - olderThanDays * 86_400_000))
    .execute();
}
