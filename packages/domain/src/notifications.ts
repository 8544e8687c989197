import { z } from 'zod';
import { recordId } from './ids';

/** POST /Collection/{id}/ReportingPeriod/{periodId}/Reminder: optionally only some organisations. */
export const sendReminderBodySchema = z.object({
  organisationIds: z.array(recordId).max(20_000).optional(),
});
export type SendReminderBody = z.infer<typeof sendReminderBodySchema>;

export const sendReminderResultSchema = z.object({
  /** Organisations chased now (not completed, not chased already today). */
  chased: z.number().int(),
  /** Organisations left out because they were chased earlier the same day (London). */
  alreadyChasedToday: z.number().int(),
  /** Emails queued (one per clerk or authoriser of each chased organisation). */
  emails: z.number().int(),
});
export type SendReminderResult = z.infer<typeof sendReminderResultSchema>;

export const chaseSchema = z.object({
  id: z.number().int(),
  reportingPeriodId: z.number().int(),
  reportingPeriodName: z.string(),
  organisationId: z.number().int(),
  chasedOn: z.string(),
  chasedAt: z.string(),
  chasedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  recipients: z.number().int(),
});
export type ChaseDto = z.infer<typeof chaseSchema>;

export const mailStatus = z.enum(['queued', 'sending', 'sent', 'kept', 'failed', 'cancelled']);
export type MailStatus = z.infer<typeof mailStatus>;

export const outboxQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: mailStatus.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** By when created: newest first (DESC, the default) or oldest first. */
  sortOrder: z.enum(['ASC', 'DESC']).default('DESC'),
});
export type OutboxQuery = Partial<z.infer<typeof outboxQuerySchema>>;

export const outboxItemSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  eventType: z.string(),
  toAddress: z.string(),
  toName: z.string().nullable(),
  subject: z.string(),
  bodyText: z.string(),
  status: mailStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

export const outboxPageSchema = z.object({ items: z.array(outboxItemSchema), total: z.number().int() });
export type OutboxPage = z.infer<typeof outboxPageSchema>;
