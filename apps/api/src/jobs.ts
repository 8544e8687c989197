import { dataQualityJobs, dataQualitySchedules } from './modules/data-quality/statistics';
import { notificationJobs, notificationSchedules } from './modules/notifications/jobs';
import { organisationJobs } from './modules/organisations/ods-sync';
import {
  type AnyJobRegistration,
  checkJobRegistry,
  createJobRunner,
  type JobSchedule,
} from './platform/jobs';
import { closeMailTransport } from './platform/mail';
import { countJobRun } from './platform/metrics';
import type { App, Deps } from './platform/route-module';

/**
 * Every kind of background job the service runs, each with its handler, and the schedules that raise
 * some of them: one list, as app.ts lists the route modules. A module declares its kinds
 * (`defineJobKind`, beside the code that enqueues them) and exports its handlers; adding a kind adds
 * its module's list here. A declared kind missing from this list stops the service at start
 * (`checkJobRegistry`, called by buildApp).
 */
export const serviceJobs: readonly AnyJobRegistration[] = [
  ...notificationJobs,
  ...dataQualityJobs,
  ...organisationJobs,
];
export const jobSchedules: JobSchedule[] = [...notificationSchedules, ...dataQualitySchedules];

/**
 * The job worker runs inside the service process (decision 0006) when JOBS_RUN is on: started when the
 * app is ready, stopped (its running jobs finished) before the app closes, then the pooled SMTP
 * transport is closed. The list of jobs is checked first, whether or not this instance runs them.
 */
export function installJobWorker(app: App, { database: { db }, config }: Deps): void {
  checkJobRegistry(serviceJobs);
  if (!config.jobs.run) return;
  const runner = createJobRunner({
    db,
    config,
    jobs: serviceJobs,
    schedules: jobSchedules,
    pollMs: config.jobs.pollMs,
    log: (message, detail) => app.log.warn({ err: detail }, message),
    // Every job run is logged and counted (decision 0033).
    onRun: (run) => {
      app.log.info(
        { job: run.name, jobId: run.id, attempt: run.attempt, outcome: run.outcome, seconds: run.seconds },
        'job run',
      );
      countJobRun(run.name, run.outcome, run.seconds);
    },
  });
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => {
    await runner.stop();
    closeMailTransport(config);
  });
}
