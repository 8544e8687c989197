import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { defineJobKind, type JobKind } from './kinds';
import {
  type ClaimedJob,
  claimJob,
  claimNextJob,
  completeJob,
  deleteFinishedJobs,
  enqueue,
  failJob,
  lockClaim,
  renewLease,
  storeProgress,
} from './queue';
import { type AnyJobRegistration, type JobContext, LostClaim } from './registry';

const CLEANUP_EVERY_MS = 3_600_000;

/** The payload of a scheduled job: the fire time it stands for (its handler's `now`). */
export const scheduledPayload = z.object({ fireTime: z.iso.datetime() });

/** Declares a kind raised by a schedule (its payload is its fire time). */
export const defineScheduledJobKind = (name: string) => defineJobKind(name, scheduledPayload);

export interface JobSchedule {
  /** The job to enqueue at each fire time. */
  kind: JobKind<z.output<typeof scheduledPayload>>;
  /** Five-field cron expression, read in `tz`. */
  cron: string;
  tz: string;
}

/** How a claimed job's run ended: done, failed (to be retried or given up), or lost to another worker. */
export type JobOutcome = 'done' | 'failed' | 'lost';

export interface JobRunOptions {
  db: Db;
  config: Config;
  /** How long a claim lasts without renewal; renewed every third of it while the handler runs. */
  leaseSeconds?: number;
  log?: (message: string, detail?: unknown) => void;
  /** Told after every job run (the log line and the metrics of decision 0033). */
  onRun?: (run: {
    name: string;
    id: number | string;
    attempt: number;
    outcome: JobOutcome;
    seconds: number;
  }) => void;
}

export interface JobRunnerOptions extends JobRunOptions {
  /** The kinds this worker runs, each with its handler (src/jobs.ts lists the service's). */
  jobs: readonly AnyJobRegistration[];
  schedules?: JobSchedule[];
  /** Jobs this worker runs at once (default config.jobs.concurrency). */
  concurrency?: number;
  pollMs?: number;
}

export interface JobRunner {
  start(): void;
  stop(): Promise<void>;
  /** Enqueues the schedules' latest fire times, then runs due jobs until none is left; returns how many ran. */
  runUntilIdle(now?: Date): Promise<number>;
}

/** The latest fire time of a cron expression at or before `now`, in its time zone. */
export function latestFireTime(schedule: JobSchedule, now: Date): Date {
  const expression = CronExpressionParser.parse(schedule.cron, {
    tz: schedule.tz,
    currentDate: new Date(now.getTime() + 1000),
  });
  return expression.prev().toDate();
}

/**
 * Enqueues each schedule's latest fire time under the key `cron:<name>:<instant>`: every instance
 * does this on every poll and the key makes it happen once; a fire time missed while no instance was
 * running is caught up once when one starts.
 */
export async function enqueueScheduled(db: Db, schedules: JobSchedule[], now: Date): Promise<void> {
  for (const schedule of schedules) {
    const fireTime = latestFireTime(schedule, now).toISOString();
    await enqueue(
      db,
      schedule.kind,
      { fireTime },
      { key: `cron:${schedule.kind.name}:${fireTime}`, runAt: new Date(fireTime) },
    );
  }
}

const DEFAULT_LEASE_SECONDS = 300;

/**
 * Runs one claimed job with its handler and records the outcome. While the handler runs, the lease is
 * renewed every third of its length, so a long job (an ODS sync of the whole register) keeps its claim
 * however long it takes; a worker that stopped (crash, lost database) stops renewing, and once the
 * lease has run out another worker claims the job again (a new attempt). Every write of the claim
 * compares its attempt: the worker that lost the job can neither complete it nor fail it, and its
 * handler sees `signal` aborted and LostClaim from `progress` and `holdClaim`.
 *
 * The payload is read with the kind's schema first: one that does not parse is failed at once (no
 * retry would change it). A job claimed past its attempts (its worker was lost on its last one) is
 * given up without running. A given-up job tells its kind's `onGiveUp`.
 */
export async function runClaimedJob(
  options: JobRunOptions,
  registration: AnyJobRegistration,
  job: ClaimedJob,
  now = new Date(),
): Promise<JobOutcome> {
  const { db, config } = options;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const log = options.log ?? (() => {});
  const started = performance.now();
  const abort = new AbortController();
  let settled = false;
  const lose = () => {
    if (!settled && !abort.signal.aborted) abort.abort(new LostClaim(job.id));
  };
  const renewal = setInterval(
    () => {
      renewLease(db, job, leaseSeconds).then(
        (held) => held || lose(),
        (error) => log(`job ${job.name} #${job.id}: lease renewal failed`, error),
      );
    },
    (leaseSeconds * 1000) / 3,
  );
  const giveUp = async (payload: unknown, error: string) => {
    try {
      await registration.onGiveUp?.(payload, { db, config, jobId: job.id, error });
    } catch (failure) {
      log(`job ${job.name} #${job.id}: recording that it was given up failed`, failure);
    }
  };
  let outcome: JobOutcome;
  const parsed = registration.kind.schema.safeParse(job.data);
  try {
    if (!parsed.success) throw parsed.error;
    if (job.attempts > job.maxAttempts) {
      const error = `The worker running it stopped during its last attempt (${job.maxAttempts} of ${job.maxAttempts})`;
      outcome = (await failJob(db, job, error, true)) === 'lost' ? 'lost' : 'failed';
      if (outcome === 'failed') await giveUp(parsed.data, error);
    } else {
      const fireTime = typeof job.data.fireTime === 'string' ? new Date(job.data.fireTime) : now;
      const ctx: JobContext = {
        db,
        config,
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        now: fireTime,
        signal: abort.signal,
        async progress(value) {
          if (!(await storeProgress(db, job, value))) {
            lose();
            throw new LostClaim(job.id);
          }
        },
        async holdClaim(tx) {
          if (!(await lockClaim(tx, job))) {
            lose();
            throw new LostClaim(job.id);
          }
        },
      };
      await registration.run(parsed.data, ctx);
      clearInterval(renewal);
      outcome = !abort.signal.aborted && (await completeJob(db, job)) ? 'done' : 'lost';
    }
  } catch (error) {
    clearInterval(renewal);
    if (error instanceof LostClaim || abort.signal.aborted) outcome = 'lost';
    else {
      log(`job ${job.name} #${job.id} attempt ${job.attempts} failed`, error);
      // A payload that does not parse never will: no retry.
      const result = await failJob(db, job, error, !parsed.success || undefined);
      outcome = result === 'lost' ? 'lost' : 'failed';
      if (result === 'failed' && parsed.success)
        await giveUp(parsed.data, error instanceof Error ? error.message : String(error));
    }
  } finally {
    settled = true;
    clearInterval(renewal);
  }
  if (outcome === 'lost') log(`job ${job.name} #${job.id} attempt ${job.attempts}: lost to another worker`);
  const seconds = (performance.now() - started) / 1000;
  options.onRun?.({ name: job.name, id: job.id, attempt: job.attempts, outcome, seconds });
  return outcome;
}

/**
 * Claims one queued job by id and runs it here, now, with the given handler (the CLI's sync-ods runs
 * the sync in its own process this way). Undefined when another worker holds it or it has finished.
 */
export async function runJobNow(
  options: JobRunOptions,
  registration: AnyJobRegistration,
  jobId: number,
): Promise<JobOutcome | undefined> {
  const job = await claimJob(options.db, jobId, options.leaseSeconds ?? DEFAULT_LEASE_SECONDS);
  if (!job) return undefined;
  if (job.name !== registration.kind.name) throw new Error(`Job #${jobId} is a '${job.name}' job`);
  return runClaimedJob(options, registration, job);
}

/**
 * The in-process worker over the `job` table (decisions 0010, 0019, 0034): polls for due jobs and runs
 * up to `concurrency` at once, each lane claiming the next job (priority, then due time) as soon as it
 * is free; a free lane looks again every `pollMs` even while other lanes run long jobs, so an urgent
 * job waits at most `pollMs` for a free lane, never for the queue ahead of it or a long job. Failures
 * retry with back-off. Every instance may run one; they share the table safely (skip locked).
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, config, schedules = [] } = options;
  const registrations = new Map(options.jobs.map((r) => [r.kind.name, r]));
  const names = [...registrations.keys()];
  const concurrency = Math.max(1, options.concurrency ?? config.jobs.concurrency);
  const pollMs = options.pollMs ?? 5_000;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const log = options.log ?? (() => {});
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let closing = false;
  let lastCleanup = 0;

  async function runOne(now: Date): Promise<boolean> {
    const job = await claimNextJob(db, names, leaseSeconds);
    if (!job) return false;
    // Claimed by name among this worker's kinds: the registration is there.
    await runClaimedJob({ ...options, leaseSeconds }, registrations.get(job.name)!, job, now);
    return true;
  }

  async function runUntilIdle(now = new Date()): Promise<number> {
    await enqueueScheduled(db, schedules, now);
    let count = 0;
    // A lane that finds nothing waits while another lane is still working (the job it runs may add
    // more, as an event adds its emails) and looks again when that lane finishes or after `pollMs`,
    // whichever comes first: a job queued meanwhile (a manager's reminder) never waits for a long job
    // in another lane to end. All stop once every lane has found the queue empty.
    let active = 0;
    const waiting = new Set<() => void>();
    const wakeAll = () => {
      for (const wake of waiting) wake();
      waiting.clear();
    };
    const idle = () =>
      new Promise<void>((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const wake = () => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve();
        };
        timer = setTimeout(wake, pollMs);
        waiting.add(wake);
      });
    const lane = async () => {
      for (;;) {
        if (closing) {
          wakeAll();
          return;
        }
        active++;
        let ran: boolean;
        try {
          ran = await runOne(now);
        } catch (error) {
          wakeAll();
          throw error;
        } finally {
          active--;
        }
        if (ran) {
          count++;
          wakeAll();
        } else if (active === 0) {
          wakeAll();
          return;
        } else await idle();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
    return count;
  }

  async function poll(): Promise<void> {
    try {
      await runUntilIdle();
      // Clearing out finished jobs scans the table: once an hour is plenty.
      if (Date.now() - lastCleanup > CLEANUP_EVERY_MS) {
        lastCleanup = Date.now();
        await deleteFinishedJobs(db);
      }
    } catch (error) {
      log('job poll failed', error);
    }
    if (!stopped)
      timer = setTimeout(() => {
        running = poll();
      }, pollMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      running = poll();
    },
    async stop() {
      // Draining (SIGTERM): the running jobs finish; no lane claims another.
      closing = true;
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    runUntilIdle,
  };
}
