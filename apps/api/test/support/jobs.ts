import { serviceJobs } from '../../src/jobs';
import { queuePeriodsDueStatistics } from '../../src/modules/data-quality/statistics';
import { type AnyJobRegistration, createJobRunner, type JobSchedule } from '../../src/platform/jobs';
import type { TestApp } from '../harness';

/**
 * Runs the queue the way the service's worker does, until nothing is due; resolves to how many jobs ran.
 * The test app runs no worker (JOBS_RUN is off under test), so a test runs the jobs it is about here:
 * every kind the service has unless `jobs` narrows it (a handler with a fake fetch, or one module's
 * kinds so that other queued jobs stay queued).
 */
export function runJobs(
  t: TestApp,
  options: { jobs?: readonly AnyJobRegistration[]; schedules?: JobSchedule[]; concurrency?: number } = {},
) {
  return createJobRunner({
    db: t.database.db,
    config: t.config,
    jobs: serviceJobs,
    ...options,
  }).runUntilIdle();
}

/** The 5-minute statistics sweep (as its scheduled job calls it), then every due job. */
export async function runStatisticsSweep(t: TestApp) {
  await queuePeriodsDueStatistics(t.database.db, new Date());
  return runJobs(t);
}
