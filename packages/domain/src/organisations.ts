import { z } from 'zod';
import { sortOrder } from './enums';
import { idParam, recordId } from './ids';
import { messages } from './messages';
import { pagingQueryShape } from './paging';
import { parseIsoDate } from './schedules/calendar-date';
import { instantToLondon } from './schedules/london-time';

/** Today's calendar date in Europe/London, `yyyy-MM-dd`. */
export function londonToday(now: Date = new Date()): string {
  return instantToLondon(now).date;
}

/** An organisation's status in the ODS register (null: typed in, or the register never said). */
export const odsStatuses = ['active', 'closed', 'dormant', 'proposed'] as const;
export type OdsStatus = (typeof odsStatuses)[number];

/**
 * An organisation is open until its closure date: closed on and after that day (Europe/London). One the
 * register calls closed or dormant is not open whatever its dates (a dormant practice has no close date).
 */
export function isOrganisationOpen(
  closureDate: string | null | undefined,
  today = londonToday(),
  odsStatus: OdsStatus | null = null,
): boolean {
  if (odsStatus === 'closed' || odsStatus === 'dormant') return false;
  return !closureDate || closureDate > today;
}

/** The closure date's message, or undefined when fine. Empty is accepted (the organisation is open). */
export function closureDateMessage(value: unknown, today = londonToday()): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !parseIsoDate(value)) return messages.invalidDate;
  if (value > today) return messages.closureDateInFuture;
  return undefined;
}

const optionalId = z
  .union([recordId, z.null(), z.literal('')])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null));

/**
 * POST /Organisation and PUT /Organisation/{id}, and the create/edit form: the same rules and the
 * specification's messages on both sides.
 */
export const organisationInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(3, messages.organisationNameTooShort)
    .max(250, messages.organisationNameTooLong),
  code: z.string().trim().toUpperCase().min(3, messages.organisationCodeTooShort).max(20),
  isManagementOrg: z.boolean().default(false),
  regionId: optionalId,
  organisationTypeId: optionalId,
  closureDate: z
    .union([z.string(), z.null()])
    .optional()
    .superRefine((value, ctx) => {
      const message = closureDateMessage(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((v) => (v ? v : null)),
});
export type OrganisationInput = z.input<typeof organisationInputSchema>;
export type OrganisationValues = z.output<typeof organisationInputSchema>;

export const regionSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type Region = z.infer<typeof regionSchema>;

export const organisationTypeSchema = z.object({
  id: z.number(),
  code: z.string(),
  shortDescription: z.string(),
  longDescription: z.string(),
});
export type OrganisationType = z.infer<typeof organisationTypeSchema>;

export const stpSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  regionId: z.number().nullable(),
});
export type Stp = z.infer<typeof stpSchema>;

/** One organisation as every view reads it. */
export const organisationSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  isManagementOrg: z.boolean(),
  regionId: z.number().nullable(),
  organisationTypeId: z.number().nullable(),
  successorId: z.number().nullable(),
  closureDate: z.string().nullable(),
  /** Status in the ODS register; null when typed in or never said. */
  odsStatus: z.enum(odsStatuses).nullable().default(null),
  isOpen: z.boolean(),
  region: regionSchema.nullable(),
  organisationType: organisationTypeSchema.omit({ code: true }).nullable(),
});
export type Organisation = z.infer<typeof organisationSchema>;

export const organisationSortBy = z.enum(['name', 'code', 'closureDate']);

/** GET /Organisation query string. */
export const organisationListQuerySchema = z.object({
  query: z.string().trim().max(250).optional(),
  organisationTypeId: idParam.optional(),
  regionId: idParam.optional(),
  isOpen: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  ...pagingQueryShape(),
  sortBy: organisationSortBy.default('name'),
  sortOrder: sortOrder.default('ASC'),
});
/** GET /Organisation query as a client sends it. */
export interface OrganisationListQuery {
  query?: string;
  organisationTypeId?: number;
  regionId?: number;
  isOpen?: 'true' | 'false';
  page?: number;
  pageSize?: number;
  sortBy?: z.infer<typeof organisationSortBy>;
  sortOrder?: 'ASC' | 'DESC';
}

export const organisationPageSchema = z.object({ items: z.array(organisationSchema), total: z.number() });

/** What an import or a sync changed (a dry run: what it would change). */
export const importReportSchema = z.object({
  dryRun: z.boolean(),
  /** The file's layout, as recognised from its content (imports only). */
  layout: z.object({ id: z.string(), name: z.string() }).optional(),
  /** New organisations, whatever their status. */
  added: z.number(),
  /** Existing organisations with another change (name, address, dates, type, region, status...). */
  updated: z.number(),
  /** Existing open organisations the register now says are closed or dormant. */
  closed: z.number(),
  /** Existing organisations already closed that stay as they are. */
  alreadyClosed: z.number(),
  /** Existing open organisations that stay as they are. */
  unchanged: z.number(),
  /** Lines refused, with the reason (at most the first 1,000; `refusedCount` has them all). */
  refused: z.array(z.object({ line: z.number(), code: z.string(), reason: z.string() })),
  refusedCount: z.number(),
  /** The type each organisation in the file will have, with how many; id null: none (the file cannot say). */
  types: z.array(
    z.object({ organisationTypeId: z.number().nullable(), name: z.string(), count: z.number() }),
  ),
  /** Organisations the file gives no type for: they take the type chosen on import, if any. */
  untyped: z.number(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const odsSyncRunSchema = z.object({
  id: z.number(),
  status: z.enum(['running', 'succeeded', 'failed']),
  /** full: the whole register; incremental: only what changed since `since` (ORD LastChangeDate). */
  mode: z.enum(['full', 'incremental']).default('full'),
  since: z.string().nullable().default(null),
  added: z.number(),
  updated: z.number(),
  closed: z.number(),
  failed: z.number(),
  error: z.string().nullable(),
  startedBy: z.number().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /**
   * How far a running run has got, as the instance running it knows (null when finished, or when another
   * instance runs it): listing pages read, then organisation records fetched out of the total, then applying.
   */
  progress: z
    .object({
      phase: z.enum(['listing', 'details', 'applying']),
      done: z.number(),
      total: z.number().nullable(),
    })
    .nullable()
    .optional(),
});
export type OdsSyncRun = z.infer<typeof odsSyncRunSchema>;
