import { z } from 'zod';
import { collectionAbilitiesSchema } from './collections';
import {
  organisationRole,
  reportingPeriodStatus,
  sortOrder,
  submissionDisplayState,
  submissionStatus,
} from './enums';
import { idParam } from './ids';
import { pagingQueryShape } from './paging';
import { periodDatesShape, submissionWindowShape } from './reporting-periods';

/**
 * The submitter and manager views (issues 7 and 8): what GET /View/... sends. Statuses follow
 * submission-status.ts; the API computes them in SQL with the same rules.
 */

/** A status an organisation can be in for one period ('none' is the form page's, not a view's). */
export const periodSubmissionStatus = submissionStatus.exclude(['none']);
export type PeriodSubmissionStatus = z.infer<typeof periodSubmissionStatus>;
export const periodSubmissionStatuses = periodSubmissionStatus.options;

/** The words a person reads for each status: the monitoring screens' tags and the exports' Status column. */
export const periodSubmissionStatusLabels: Record<PeriodSubmissionStatus, string> = {
  notYetRequired: 'Not yet required',
  notStarted: 'Not started',
  draft: 'Draft',
  completed: 'Completed',
  missed: 'Missed',
};

const userRef = z.object({ id: z.number().int(), name: z.string() });

const periodDates = z.object({
  id: z.number().int(),
  name: z.string(),
  ...periodDatesShape,
  ...submissionWindowShape,
  reportingPeriodStatus,
});

// ---- Submitter home ------------------------------------------------------------------------------

/** What the submitter should do next for a period; the screen words the link from it. */
export const submitterAction = z.enum(['start', 'continue', 'view', 'none']);
export type SubmitterAction = z.infer<typeof submitterAction>;

export const submitterPeriodSchema = periodDates.extend({
  /** The organisation's own window: the period's status, reopened for this organisation by a manager. */
  windowStatus: reportingPeriodStatus,
  status: periodSubmissionStatus,
  displayState: submissionDisplayState,
  /** The instant the current (or last) window ends, and the same as a phrase: 'closes in 3 days'. */
  deadline: z.string(),
  deadlineText: z.string(),
  submissionId: z.number().int().nullable(),
  lastChangedAt: z.string().nullable(),
  lastChangedBy: userRef.nullable(),
  submittedAt: z.string().nullable(),
  submittedBy: userRef.nullable(),
  awaitingNhsiAuthorisation: z.boolean(),
  returnedReason: z.string().nullable(),
  reopenedUntil: z.string().nullable(),
  action: submitterAction,
  /** What needs doing, in a sentence. */
  todo: z.string(),
});
export type SubmitterPeriod = z.infer<typeof submitterPeriodSchema>;

/** GET /View/Submitter/Home/Collection/{id}/Organisation/{orgId}: the periods, sorted by submissionsOpen. */
export const submitterHomeSchema = z.object({
  collection: z.object({ id: z.number().int(), name: z.string() }),
  organisation: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  isTrustAuthorisationRequired: z.boolean(),
  isNhsiAuthorisationRequired: z.boolean(),
  periods: z.array(submitterPeriodSchema),
});
export type SubmitterHome = z.infer<typeof submitterHomeSchema>;

/**
 * GET /View/Submitter/Homes: every collection and organisation the user submits for (their own
 * clerk and authoriser roles, published collections, organisations still recipients), each with its
 * periods and its collection's guidance: a submitter's home in one request (decision 0034). At most
 * SUBMITTER_HOMES_LIMIT homes (collection, then organisation, by name); `total` counts them all.
 */
export const submitterHomesSchema = z.object({
  items: z.array(submitterHomeSchema.extend({ guidance: z.string().nullable() })),
  total: z.number().int(),
});
export type SubmitterHomes = z.infer<typeof submitterHomesSchema>;
export const SUBMITTER_HOMES_LIMIT = 50;

// ---- Completeness and timeliness ---------------------------------------------------------------------

/** Counts for one period: expected = recipients; received = completed; on time = submitted before close. */
export const periodCountsSchema = z.object({
  expected: z.number().int(),
  notYetRequired: z.number().int(),
  notStarted: z.number().int(),
  draft: z.number().int(),
  completed: z.number().int(),
  missed: z.number().int(),
  onTime: z.number().int(),
  late: z.number().int(),
});
export type PeriodCounts = z.infer<typeof periodCountsSchema>;

export const periodSummarySchema = periodDates.extend({ counts: periodCountsSchema });
export type PeriodSummary = z.infer<typeof periodSummarySchema>;

export const managerCollectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['draft', 'published', 'archived']),
  recipients: z.number().int(),
  /** The latest period that has opened (open now, or the last closed when none is open). */
  currentPeriod: periodSummarySchema.nullable(),
  /** The first period still to open. */
  nextPeriod: periodSummarySchema.nullable(),
  /** What the caller may do with the collection (the policy's answer; the screen offers only these). */
  abilities: collectionAbilitiesSchema,
});
export type ManagerCollection = z.infer<typeof managerCollectionSchema>;

/** GET /View/Manager/Home: the collections the user manages or monitors (administrators: all). */
export const managerHomeSchema = z.object({ collections: z.array(managerCollectionSchema) });
export type ManagerHome = z.infer<typeof managerHomeSchema>;

/** GET /View/Manager/Home/Collection/{id}: one collection with every period's counts (the trend). */
export const managerCollectionHomeSchema = managerCollectionSchema.extend({
  periods: z.array(periodSummarySchema),
});

/**
 * GET /View/Manager/Collection/{id}/ReportingPeriods: every period of a collection, closed ones
 * included, with its state and counts, paged (a daily collection has hundreds), latest first by
 * default; `state` keeps one state only.
 */
export const collectionPeriodQuerySchema = z.object({
  state: reportingPeriodStatus.optional(),
  ...pagingQueryShape(),
  /** By start: latest first (DESC, the default) or earliest first. */
  sortOrder: sortOrder.default('DESC'),
});
export type CollectionPeriodParams = z.output<typeof collectionPeriodQuerySchema>;
export type CollectionPeriodQuery = Partial<CollectionPeriodParams>;
export const collectionPeriodListSchema = z.object({
  collection: z.object({ id: z.number().int(), name: z.string() }),
  items: z.array(periodSummarySchema),
  /** Periods matching the filter (all pages). */
  total: z.number().int(),
  /** How many periods the collection has in each state, whatever the filter. */
  states: z.record(reportingPeriodStatus, z.number().int()),
});
export type CollectionPeriodList = z.infer<typeof collectionPeriodListSchema>;

/** GET /View/Admin/Submissions: every collection's current and next period, with filters and paging. */
export const adminSubmissionsQuerySchema = z.object({
  query: z.string().trim().max(250).optional(),
  status: z.enum(['draft', 'published', 'archived']).optional(),
  ...pagingQueryShape(),
  sortBy: z.enum(['name', 'status']).default('name'),
  sortOrder: sortOrder.default('ASC'),
});
export type AdminSubmissionsParams = z.output<typeof adminSubmissionsQuerySchema>;
export type AdminSubmissionsQuery = Partial<AdminSubmissionsParams>;
export const adminSubmissionsSchema = z.object({
  items: z.array(managerCollectionSchema),
  total: z.number().int(),
});

/** GET /View/Manager/Collection/{id}/Organisation/{orgId}/History: one organisation across periods. */
export const timeliness = z.enum(['onTime', 'late', 'missed', 'pending', 'notYetRequired']);
export type Timeliness = z.infer<typeof timeliness>;
export const organisationHistorySchema = z.object({
  organisation: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  periods: z.array(
    periodDates.extend({
      status: periodSubmissionStatus,
      timeliness,
      submittedAt: z.string().nullable(),
      submittedBy: userRef.nullable(),
    }),
  ),
});
export type OrganisationHistory = z.infer<typeof organisationHistorySchema>;

// ---- A period's submissions (monitoring) ------------------------------------------------------------

export const periodSubmissionSortBy = z.enum(['name', 'code', 'status', 'lastChangedAt', 'region', 'type']);
export type PeriodSubmissionSortBy = z.infer<typeof periodSubmissionSortBy>;

export const periodSubmissionQuerySchema = z.object({
  query: z.string().trim().max(250).optional(),
  status: periodSubmissionStatus.optional(),
  regionId: idParam.optional(),
  organisationTypeId: idParam.optional(),
  ...pagingQueryShape(),
  sortBy: periodSubmissionSortBy.default('name'),
  sortOrder: sortOrder.default('ASC'),
});
/** As the API reads it (defaults applied), and as a client sends it (every field optional). */
export type PeriodSubmissionParams = z.output<typeof periodSubmissionQuerySchema>;
export type PeriodSubmissionQuery = Partial<PeriodSubmissionParams>;

export const periodSubmissionRowSchema = z.object({
  organisationId: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** The register has closed the organisation (listed for a period that opened before its close). */
  isClosed: z.boolean(),
  region: z.object({ code: z.string(), name: z.string() }).nullable(),
  organisationType: z.object({ shortDescription: z.string() }).nullable(),
  status: periodSubmissionStatus,
  submissionId: z.number().int().nullable(),
  lastChangedAt: z.string().nullable(),
  lastChangedBy: userRef.nullable(),
  submittedAt: z.string().nullable(),
  submittedBy: userRef.nullable(),
  isLocked: z.boolean(),
  lockedBy: userRef.nullable(),
  lockedOn: z.string().nullable(),
  isTrustAuthorisationRequired: z.boolean(),
  isNhsiAuthorisationRequired: z.boolean(),
  nhsiAuthorisedAt: z.string().nullable(),
  nhsiAuthorisedBy: userRef.nullable(),
  awaitingNhsiAuthorisation: z.boolean(),
  reopenedUntil: z.string().nullable(),
  /** Completed before the period's close (true), after it (false); null when not completed. */
  isOnTime: z.boolean().nullable(),
});
export type PeriodSubmissionRow = z.infer<typeof periodSubmissionRowSchema>;

export const periodSubmissionListSchema = z.object({
  period: periodDates.extend({ collectionId: z.number().int(), collectionName: z.string() }),
  /** Every status counted with the other filters (region, type, search) applied, status ignored. */
  counts: periodCountsSchema,
  items: z.array(periodSubmissionRowSchema),
  /** Rows matching every filter, status included. */
  total: z.number().int(),
});
export type PeriodSubmissionList = z.infer<typeof periodSubmissionListSchema>;

/** GET /View/Manager/ReportingPeriod/{id}/NonSubmitters: organisations not completed, with their submitters. */
export const nonSubmitterSchema = z.object({
  organisationId: z.number().int(),
  name: z.string(),
  code: z.string(),
  status: periodSubmissionStatus,
  contacts: z.array(
    z.object({ userId: z.number().int(), name: z.string(), email: z.string(), role: organisationRole }),
  ),
});
export const nonSubmitterListSchema = z.object({
  period: z.object({ id: z.number().int(), name: z.string(), collectionName: z.string() }),
  items: z.array(nonSubmitterSchema),
});
export type NonSubmitterList = z.infer<typeof nonSubmitterListSchema>;
export const nonSubmitterQuerySchema = z.object({ format: z.enum(['json', 'csv']).default('json') });
