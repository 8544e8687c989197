export { defineJobKind, type JobKind, type PayloadOf, UnknownJobKind } from './kinds';
export {
  type EnqueueOptions,
  enqueue,
  enqueueMany,
  enqueueReturningId,
  JOB_PRIORITY,
} from './queue';
export {
  type AnyJobRegistration,
  checkJobRegistry,
  type JobContext,
  type JobHandler,
  type JobRegistration,
  jobHandler,
  LostClaim,
} from './registry';
export {
  createJobRunner,
  defineScheduledJobKind,
  type JobOutcome,
  type JobRunner,
  type JobRunOptions,
  type JobSchedule,
  runJobNow,
} from './runner';
