export { enqueue, enqueueMany, JOB_PRIORITY, type NewJob } from './queue';
export {
  createJobRunner,
  type JobContext,
  type JobHandler,
  type JobHandlers,
  type JobRunner,
  type JobSchedule,
} from './runner';
