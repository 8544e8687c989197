import { CronExpressionParser } from 'cron-parser';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { claimNextJob, completeJob, deleteFinishedJobs, enqueue, failJob } from './queue';

const CLEANUP_EVERY_MS = 3_600_000;

export interface JobContext {
  db: Db;
  config: Config;
  jobId: number;
  attempt: number;
  /** The time the job runs at (a schedule's fire time for scheduled jobs). */
  now: Date;
}

export type JobHandler = (data: Record<string, unknown>, ctx: JobContext) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export interface JobSchedule {
  /** The job to enqueue at each fire time. */
  name: string;
  /** Five-field cron expression, read in `tz`. */
  cron: string;
  tz: string;
}

export interface JobRunnerOptions {
  db: Db;
  config: Config;
  handlers: JobHandlers;
  schedules?: JobSchedule[];
  /** Jobs this worker runs at once (default config.jobs.concurrency). */
  concurrency?: number;
  pollMs?: number;
  leaseSeconds?: number;
  log?: (message: string, detail?: unknown) => void;
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
    const fireTime = latestFireTime(schedule, now);
    await enqueue(db, {
      name: schedule.name,
      key: `cron:${schedule.name}:${fireTime.toISOString()}`,
      data: { fireTime: fireTime.toISOString() },
      runAt: fireTime,
    });
  }
}

/**
 * The in-process worker over the `job` table (decisions 0010, 0019): polls for due jobs and runs up to
 * `concurrency` at once, each lane claiming the next job (priority, then due time) as soon as it is
 * free, so an urgent job waits for at most one running job, never for the queue ahead of it. Failures
 * retry with back-off. Every instance may run one; they share the table safely (skip locked).
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, config, handlers, schedules = [] } = options;
  const concurrency = Math.max(1, options.concurrency ?? config.jobs.concurrency);
  const pollMs = options.pollMs ?? 5_000;
  const leaseSeconds = options.leaseSeconds ?? 300;
  const log = options.log ?? (() => {});
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let lastCleanup = 0;

  async function runOne(now: Date): Promise<boolean> {
    const job = await claimNextJob(db, leaseSeconds);
    if (!job) return false;
    const handler = handlers[job.name];
    try {
      if (!handler) throw new Error(`No handler for job '${job.name}'`);
      const fireTime = typeof job.data.fireTime === 'string' ? new Date(job.data.fireTime) : now;
      await handler(job.data, { db, config, jobId: job.id, attempt: job.attempts, now: fireTime });
      await completeJob(db, job.id);
    } catch (error) {
      log(`job ${job.name} #${job.id} attempt ${job.attempts} failed`, error);
      await failJob(db, job, error);
    }
    return true;
  }

  async function runUntilIdle(now = new Date()): Promise<number> {
    await enqueueScheduled(db, schedules, now);
    let count = 0;
    // A lane that finds nothing waits while another lane is still working (the job it runs may add
    // more, as an event adds its emails), and stops once every lane has found the queue empty.
    let active = 0;
    const waiting: (() => void)[] = [];
    const wakeAll = () => {
      for (const wake of waiting.splice(0)) wake();
    };
    const lane = async () => {
      for (;;) {
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
        } else await new Promise<void>((resolve) => waiting.push(resolve));
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
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    runUntilIdle,
  };
}
