import { z } from 'zod';
import { reportingPeriodStatus, sortOrder, submissionDisplayState } from './enums';
import { idParam } from './ids';
import { pagingQueryShape } from './paging';
import { periodSubmissionStatus, submitterAction } from './views';

/**
 * GET /View/Submitter/Returns (decision 0025): every return a clerk or authoriser submits, across all
 * their organisations and collections, as one paged list (one SQL query), for the compact table of the
 * submitter home when they submit for more than one organisation.
 */

/** Which periods: those whose window is open now for the organisation (the default), or every period. */
export const submitterReturnPeriods = z.enum(['open', 'all']);
export type SubmitterReturnPeriods = z.infer<typeof submitterReturnPeriods>;

export const submitterReturnSortBy = z.enum(['deadline', 'organisation', 'collection', 'status']);
export type SubmitterReturnSortBy = z.infer<typeof submitterReturnSortBy>;

export const submitterReturnQuerySchema = z.object({
  /** Organisation name or ODS code contains. */
  query: z.string().trim().max(250).optional(),
  collectionId: idParam.optional(),
  status: periodSubmissionStatus.optional(),
  /** Only returns with something to do: not started or a draft (the landing page's 'due soon'). */
  outstanding: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** Only returns whose deadline is within this many days from now (and not past). */
  dueWithinDays: z.coerce.number().int().min(1).max(366).optional(),
  periods: submitterReturnPeriods.default('open'),
  ...pagingQueryShape(),
  sortBy: submitterReturnSortBy.default('deadline'),
  sortOrder: sortOrder.default('ASC'),
});
/** As the API reads it (defaults applied), and as a client sends it (every field optional). */
export type SubmitterReturnParams = z.output<typeof submitterReturnQuerySchema>;
export type SubmitterReturnQuery = Partial<SubmitterReturnParams>;

export const submitterReturnSchema = z.object({
  collection: z.object({ id: z.number().int(), name: z.string() }),
  organisation: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  period: z.object({ id: z.number().int(), name: z.string() }),
  /** The organisation's own window (a manager's reopen for it counts as open). */
  windowStatus: reportingPeriodStatus,
  status: periodSubmissionStatus,
  displayState: submissionDisplayState,
  /** The instant the current (or last) window ends, and the same as a phrase: 'closes in 3 days'. */
  deadline: z.string(),
  deadlineText: z.string(),
  returned: z.boolean(),
  action: submitterAction,
});
export type SubmitterReturn = z.infer<typeof submitterReturnSchema>;

export const submitterReturnListSchema = z.object({
  items: z.array(submitterReturnSchema),
  /** Rows matching every filter. */
  total: z.number().int(),
  /** The published collections the user submits for (the collection filter), with their guidance. */
  collections: z.array(z.object({ id: z.number().int(), name: z.string(), guidance: z.string().nullable() })),
});
export type SubmitterReturnList = z.infer<typeof submitterReturnListSchema>;
