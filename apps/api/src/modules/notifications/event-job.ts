import { z } from 'zod';
import { defineJobKind } from '../../platform/jobs';
import type { NotificationEvent } from './events';

const id = z.number().int().positive();
const instant = z.string().min(1);

/** Every event `notify` raises, as the job's payload (the types are events.ts's). */
const notificationEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('submitted'), submissionId: id, revisionId: id }),
  // Jobs queued before decision 0036 also carry officialRevisionId: dropped when parsed.
  z.object({ type: z.literal('authorisationRequested'), submissionId: id, revisionId: id }),
  z.object({
    type: z.literal('sentBack'),
    submissionId: id,
    revisionId: id,
    sentBackBy: id,
    reason: z.string(),
  }),
  z.object({
    type: z.literal('returned'),
    submissionId: id,
    revisionId: id,
    returnedBy: id,
    reason: z.string(),
  }),
  z.object({ type: z.literal('nhsiAuthorisationRequested'), submissionId: id, revisionId: id }),
  z.object({
    type: z.literal('nhsiAuthorised'),
    submissionId: id,
    revisionId: id,
    authorisedBy: id,
    authorisedAt: instant,
  }),
  z.object({ type: z.literal('periodOpened'), periodId: id, at: instant }),
  z.object({ type: z.literal('reminder'), periodId: id, at: instant }),
  z.object({ type: z.literal('periodSummary'), periodId: id, at: instant }),
]) satisfies z.ZodType<NotificationEvent>;

/** A notification event: expanded into its emails when it runs (events.ts, expandEvent). */
export const notificationEventJob = defineJobKind('notification', notificationEventSchema);
