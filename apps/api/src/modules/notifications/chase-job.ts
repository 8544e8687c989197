import { z } from 'zod';
import { defineJobKind, JOB_PRIORITY } from '../../platform/jobs';

/**
 * A reminder's emails, written once its press has been answered (service.ts, writeChaseEmails): the
 * organisations chased that London day for the period. A manager is waiting: urgent by default.
 */
export const chaseJob = defineJobKind(
  'notifications.chase',
  z.object({ periodId: z.number().int().positive(), chasedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  { priority: JOB_PRIORITY.urgent },
);
