import { z } from 'zod';
import { sortOrder } from './enums';
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
  /**
   * Emails to send (one per clerk or authoriser of each chased organisation): the chases are recorded
   * when the press is answered, the emails written and sent by a job just after (decision 0034).
   */
  emails: z.number().int(),
});
export type SendReminderResult = z.infer<typeof sendReminderResultSchema>;

/**
 * GET /Collection/{id}/ReportingPeriod/{periodId}/Reminder: whom a reminder sent now would reach,
 * counted by the server (the confirmation dialog's figures, one small answer at any scale).
 */
export const reminderReachSchema = z.object({
  /** Organisations not completed (and expected) with a data entry clerk or authoriser to email. */
  organisations: z.number().int(),
  /** Their clerks and authorisers, each person once. */
  people: z.number().int(),
  /** Organisations not completed with nobody to email (the non-submitters list shows them). */
  nobodyToEmail: z.number().int(),
  /** Of `organisations`, those already chased today (London): a reminder now leaves them out. */
  alreadyChasedToday: z.number().int(),
});
export type ReminderReach = z.infer<typeof reminderReachSchema>;

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
  sortOrder: sortOrder.default('DESC'),
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
