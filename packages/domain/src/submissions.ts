import { z } from 'zod';
import { constants } from './constants';
import { dataQualityExplanationsSchema } from './data-quality';
import { reportingPeriodStatus, revisionStatus } from './enums';
import { toLondon } from './format';
import { idParam, recordId } from './ids';
import { messages } from './messages';
import { instantMillis, type PeriodWindow, periodStatus } from './schedules';

/**
 * The submissions contract: what the API sends and receives for one organisation's return in
 * one reporting period, and the pure rules both sides share (content cleaning, the open window, the lock
 * message, Form.io error mapping). The decision record is docs/decisions/0006-submissions.md.
 */

/** What the form-entry page shows: none (nothing saved yet), draft or completed. */
export const submissionViewStatus = z.enum(['none', 'draft', 'completed']);

export const userRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** One row of a revision list, newest first. isDeleted is only ever true for managers and admins. */
export const submissionRevisionSummarySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  createdBy: userRefSchema,
  status: revisionStatus,
  isOfficial: z.boolean(),
  isDeleted: z.boolean(),
});
export type SubmissionRevisionSummary = z.infer<typeof submissionRevisionSummarySchema>;

export const submissionPeriodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  reportingPeriodStatus: reportingPeriodStatus,
  /** UTC instants (ISO, ...Z). */
  submissionsOpen: z.string(),
  submissionsClose: z.string(),
  submissionsReopen: z.string().nullable(),
  submissionsReclose: z.string().nullable(),
});

/** GET .../Submission and the answer of every change: the page's whole state. */
export const submissionViewSchema = z.object({
  submissionId: z.number().int().nullable(),
  collectionId: z.number().int(),
  collectionName: z.string(),
  reportingPeriodId: z.number().int(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  organisationCode: z.string(),
  status: submissionViewStatus,
  /** JSON text of the latest non-deleted revision; '{}' when there is none. */
  content: z.string(),
  /** Wizard panel keys ticked 'This page is complete' in that revision. */
  completedPages: z.array(z.string()),
  /** The revision the next save must name as its base. */
  currentRevisionId: z.number().int().nullable(),
  /** The last completed revision: the official return. */
  officialRevisionId: z.number().int().nullable(),
  form: z.object({ id: z.number().int(), definition: z.record(z.string(), z.unknown()) }).nullable(),
  period: submissionPeriodSchema,
  isLocked: z.boolean(),
  lockedBy: userRefSchema.nullable(),
  lockedOn: z.string().nullable(),
  lockExpiresAt: z.string().nullable(),
  lockedByMe: z.boolean(),
  /** The user may take the lock and save drafts now. */
  canEdit: z.boolean(),
  /** The user may submit (complete) now. */
  canSubmit: z.boolean(),
  /** Why the page is read-only (canEdit false), or why submit is unavailable (canSubmit false); null otherwise. */
  readOnlyReason: z.string().nullable(),
  isTrustAuthorisationRequired: z.boolean(),
  isNhsiAuthorisationRequired: z.boolean(),
  awaitingNhsiAuthorisation: z.boolean(),
  nhsiAuthorisedBy: userRefSchema.nullable(),
  nhsiAuthorisedAt: z.string().nullable(),
  returned: z.object({ by: userRefSchema, at: z.string(), reason: z.string() }).nullable(),
  reopenedUntil: z.string().nullable(),
  submittedBy: userRefSchema.nullable(),
  submittedAt: z.string().nullable(),
  /** Newest first, at most 50 (the revisions screen pages through the rest). */
  submissionRevisions: z.array(submissionRevisionSummarySchema),
});
export type SubmissionView = z.infer<typeof submissionViewSchema>;

/** POST /Submission/{id}/SubmissionRevision: save (draft) or submit (completed). */
export const saveRevisionBodySchema = z.object({
  content: z.record(z.string(), z.unknown()),
  status: revisionStatus,
  /** The revision the user started from (currentRevisionId of the view they loaded); null for the first. */
  baseRevisionId: recordId.nullable(),
  completedPages: z.array(z.string().max(200)).max(500).optional(),
  /**
   * A submit (status completed) must carry true: the submitter ticked the declaration
   * (messages.submissionDeclaration) on the check-your-answers page. Ignored for a draft.
   */
  declaration: z.boolean().optional(),
  /** The submitter's explanations of data quality warnings, by rule id (decision 0028). */
  explanations: dataQualityExplanationsSchema.optional(),
});
export type SaveRevisionBody = z.infer<typeof saveRevisionBodySchema>;

/**
 * What a save answers: what changed, not the whole view (the view, with the form definition
 * and up to 50 revisions, cost the server a third of a save). The page already holds the form and the
 * rest of the view and merges this in (mergeSavedRevision); after a submit it reloads the view, whose
 * banners change.
 */
export const savedRevisionSchema = z.object({
  submissionId: z.number().int(),
  status: revisionStatus,
  currentRevisionId: z.number().int(),
  officialRevisionId: z.number().int().nullable(),
  /** The answers as saved (JSON text): unknown keys dropped, hidden answers cleared, calculations set. */
  content: z.string(),
  completedPages: z.array(z.string()),
  /** The save renewed the caller's lock until then. */
  lockExpiresAt: z.string(),
  /** The new revision, as the view lists it. */
  revision: submissionRevisionSummarySchema,
});
export type SavedRevision = z.infer<typeof savedRevisionSchema>;

/** The view after a save: the saved revision merged in (the view lists at most VIEW_REVISIONS, 50). */
export function mergeSavedRevision(view: SubmissionView, saved: SavedRevision): SubmissionView {
  return {
    ...view,
    submissionId: saved.submissionId,
    status: saved.status,
    currentRevisionId: saved.currentRevisionId,
    officialRevisionId: saved.officialRevisionId,
    content: saved.content,
    completedPages: saved.completedPages,
    isLocked: true,
    lockExpiresAt: saved.lockExpiresAt,
    lockedByMe: true,
    submissionRevisions: [saved.revision, ...view.submissionRevisions].slice(0, 50),
  };
}

/** GET /Submission/SubmissionRevisions?submissionId=&page=&pageSize= */
export const revisionListQuerySchema = z.object({
  submissionId: idParam,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type RevisionListQuery = z.infer<typeof revisionListQuerySchema>;

export const submissionRevisionListSchema = z.object({
  items: z.array(submissionRevisionSummarySchema),
  total: z.number().int(),
});

/** GET /SubmissionRevision/{id} */
export const submissionRevisionSchema = submissionRevisionSummarySchema.extend({
  submissionId: z.number().int(),
  /** JSON text of the content as saved (empty values dropped). */
  content: z.string(),
  completedPages: z.array(z.string()),
  formId: z.number().int(),
});
export type SubmissionRevisionDto = z.infer<typeof submissionRevisionSchema>;

/** PUT /Submission/SubmissionRevisions/SoftDelete */
export const softDeleteRevisionsBodySchema = z.object({
  revisionIds: z.array(recordId).min(1).max(1000),
});

/** POST /Submission/{id}/Return: a manager sends a completed return back for correction. */
export const returnSubmissionBodySchema = z.object({
  reason: z.string().trim().min(1, messages.required).max(2000),
});

/**
 * POST /Submission/{id}/Reopen: a per-organisation extension after close, until an instant: a real
 * calendar instant whose year obeys the same limit as every period date (2040, in London).
 */
export const reopenSubmissionBodySchema = z.object({
  until: z.iso
    .datetime({ offset: true, message: messages.invalidDate })
    .refine((value) => (toLondon(value)?.year ?? 0) <= constants.maxYear, messages.yearTooLate),
});

// ---- Pure rules -------------------------------------------------------------------------------------

const isEmptyValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);

/**
 * Content with empty values dropped (product decision: "content with empty values dropped"): empty or
 * blank strings, null, and arrays and objects left empty once their own empty values are gone. 0 and
 * false are answers and stay. Array items that become empty are dropped too (an empty data-grid row).
 */
export function cleanSubmissionContent(content: Record<string, unknown>): Record<string, unknown> {
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean).filter((item) => !isEmptyValue(item));
    if (typeof value === 'object' && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(value)) {
        const cleaned = clean(inner);
        if (!isEmptyValue(cleaned)) out[key] = cleaned;
      }
      return out;
    }
    return value;
  };
  return clean(content) as Record<string, unknown>;
}

export interface SubmissionWindowInput extends PeriodWindow {
  /** A manager's per-organisation extension after close (ISO instant or Date), or null. */
  reopenedUntil: string | Date | null;
}

/**
 * Whether the organisation may save now: the period is Open (between open and close, or reopen and
 * reclose), or a manager reopened this organisation's submission until a later instant. The reason
 * names why not, for the 409 and the read-only page.
 */
export function submissionWindow(
  input: SubmissionWindowInput,
  now: Date,
): { isOpen: true; reason: null } | { isOpen: false; reason: string } {
  const status = periodStatus(input, now);
  if (status === 'Open') return { isOpen: true, reason: null };
  if (input.reopenedUntil !== null && now.getTime() < instantMillis(input.reopenedUntil))
    return { isOpen: true, reason: null };
  return {
    isOpen: false,
    reason: status === 'Future' ? messages.submissionPeriodNotOpen : messages.submissionPeriodClosed,
  };
}

/** 'Locked by NAME since HH:mm' in London time: the read-only reason and the 409 of a taken lock. */
export function lockedByMessage(name: string, lockedOn: string | Date): string {
  const since = toLondon(lockedOn)?.toFormat('HH:mm') ?? '';
  return `Locked by ${name} since ${since}`;
}

/** When a lock taken or renewed at `at` lapses. */
export function lockExpiry(at: Date): Date {
  return new Date(at.getTime() + constants.lockTimeoutMinutes * 60_000);
}
