import { DateTime } from 'luxon';
import { z } from 'zod';
import { sortOrder } from './enums';
import { idParam } from './ids';
import { messages } from './messages';

/** A real calendar day written yyyy-MM-dd. */
const isoDate = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && DateTime.fromISO(v).isValid, messages.invalidDate);

/** GET /AuditLog: who (name or email contains), what (action starts with), which record, London dates. */
export const auditQuerySchema = z.object({
  who: z.string().trim().max(200).optional(),
  action: z.string().trim().max(100).optional(),
  entityType: z.string().trim().max(100).optional(),
  entityId: z.string().trim().max(100).optional(),
  collectionId: idParam.optional(),
  organisationId: idParam.optional(),
  /** First day included (Europe/London), yyyy-MM-dd. */
  from: isoDate.optional(),
  /** Last day included (Europe/London), yyyy-MM-dd. */
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  /** By when: newest first (DESC, the default) or oldest first. */
  sortOrder: sortOrder.default('DESC'),
});
/** What the browser sends (every filter optional; the server fills the paging defaults). */
export type AuditQuery = Partial<z.infer<typeof auditQuerySchema>>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  user: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  collectionId: z.number().int().nullable(),
  organisationId: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), total: z.number().int() });
export type AuditPage = z.infer<typeof auditPageSchema>;
