import { z } from 'zod';
import { constants } from './constants';
import { dataQualityExplanationsSchema } from './data-quality';
import { reportingPeriodStatus, revisionStatus } from './enums';
import { toLondon } from './format';
import { idParam, recordId } from './ids';
import { messages } from './messages';
import { pagingQueryShape } from './paging';
import { instantMillis, type PeriodWindow, periodStatus } from './schedules';

/**
 * The submissions contract: what the API sends and receives for one organisation's return in
 * one reporting period, and the pure rules both sides share (content cleaning, the open window, the lock
 * message, Form.io error mapping). The decision record is docs/decisions/0006-submissions.md.
 */

/** What the form-entry page shows: none (nothing saved yet), draft or completed. */
export const submissionViewStatus = z.enum(['none', 'draft', 'completed']);

/**
 * Why the page is read-only, or why it cannot be submitted, as a stable code beside the sentence shown
 * (readOnlyReason): a client acts on the code, never on the words (decision 0044). In the order the
 * API decides them: the user's role, the collection, the period's window, the form, somebody else's
 * lock; authoriser_required alone leaves the page editable (canEdit true, canSubmit false).
 */
export const readOnlyCode = z.enum([
  'no_edit_role',
  'collection_not_published',
  'period_not_open',
  'period_closed',
  'no_form_definition',
  'locked',
  'authoriser_required',
]);
export type ReadOnlyCode = z.infer<typeof readOnlyCode>;

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
  /**
   * The user may release the lock someone else holds: a collection manager, an administrator, or an
   * authoriser of the organisation (its own staff). Decision 0036.
   */
  canReleaseLock: z.boolean(),
  /** The user may take the lock and save drafts now. */
  canEdit: z.boolean(),
  /** The user may submit (complete) now. */
  canSubmit: z.boolean(),
  /** Why the page is read-only (canEdit false), or why submit is unavailable (canSubmit false); null otherwise. */
  readOnlyReason: z.string().nullable(),
  /** readOnlyReason as a code: null exactly when readOnlyReason is (decision 0044). */
  readOnlyCode: readOnlyCode.nullable(),
  /**
   * The user may send this draft for sign-off (decision 0036): they may edit it, trust authorisation is
   * required and they cannot submit it themselves.
   */
  canSendForSignOff: z.boolean(),
  /** The user, an authoriser of the organisation, may send this saved draft back to its clerks. */
  canSendBack: z.boolean(),
  /** The user, a manager of the collection, may return this submitted return for correction. */
  canReturn: z.boolean(),
  /** The user, a manager of the collection, may reopen it for this organisation until a date. */
  canReopen: z.boolean(),
  /** The user, a manager of the collection, may soft delete its revisions (never the official one). */
  canDeleteRevisions: z.boolean(),
  /** The user, of a management organisation, may authorise it for NHSI (it awaits that authorisation). */
  canAuthoriseNhsi: z.boolean(),
  /** The user may change the collection's data quality rules (the collection's canAmend). */
  canChangeRules: z.boolean(),
  /** Sent for sign-off and waiting on the organisation's authorisers; null when not (decision 0036). */
  sentForSignOff: z.object({ by: userRefSchema, at: z.string() }).nullable(),
  /** An authoriser sent it back to the clerks with a reason, until it is sent for sign-off again. */
  sentBack: z.object({ by: userRefSchema, at: z.string(), reason: z.string() }).nullable(),
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
  /**
   * With status draft: send the saved draft for sign-off (decision 0036). The submit's full checks run
   * first (400 with every problem, as for a submit); then the return waits on its authorisers' list and
   * they are emailed. Where trust authorisation is not required: 409 signoff_not_required.
   */
  sendForSignOff: z.boolean().optional(),
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
  /** After the save: sent for sign-off (by this save, or still), or null (decision 0036). */
  sentForSignOff: submissionViewSchema.shape.sentForSignOff,
  /** After the save: the authoriser's send-back note, cleared by sending for sign-off again. */
  sentBack: submissionViewSchema.shape.sentBack,
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
    sentForSignOff: saved.sentForSignOff,
    sentBack: saved.sentBack,
    submissionRevisions: [saved.revision, ...view.submissionRevisions].slice(0, 50),
  };
}

/** GET /Submission/SubmissionRevisions?submissionId=&page=&pageSize= */
export const revisionListQuerySchema = z.object({
  submissionId: idParam,
  ...pagingQueryShape(20),
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

/** POST /Submission/{id}/SendBack: an authoriser sends a draft back to the clerks (decision 0036). */
export const sendBackBodySchema = z.object({
  reason: z.string().trim().min(1, messages.required).max(2000),
});

/**
 * POST .../Submission/Lock (optional body) and DELETE .../Submission/Lock?pageToken=: the page's own
 * random token (decision 0036). A page that has released its lock never takes it again: a lock request
 * arriving after the release of the same token is refused (409 lock_page_closed), and a release only
 * drops the lock that page holds.
 */
export const lockPageTokenSchema = z.uuid();
export const takeLockBodySchema = z.object({ pageToken: lockPageTokenSchema.optional() }).nullish();
export const releaseLockQuerySchema = z.object({ pageToken: lockPageTokenSchema.optional() });

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

// Zod-free, in a module of its own: the evaluation worker (decision 0031) bundles it alone.
export { cleanSubmissionContent } from './submission-content';

export interface SubmissionWindowInput extends PeriodWindow {
  /** A manager's per-organisation extension after close (ISO instant or Date), or null. */
  reopenedUntil: string | Date | null;
}

/**
 * Whether the organisation may save now: the period is Open (between open and close, or reopen and
 * reclose), or a manager reopened this organisation's submission until a later instant. The reason
 * names why not, for the 409 and the read-only page; the code is the page's readOnlyCode.
 */
export function submissionWindow(
  input: SubmissionWindowInput,
  now: Date,
):
  | { isOpen: true; reason: null; code: null }
  | { isOpen: false; reason: string; code: 'period_not_open' | 'period_closed' } {
  const status = periodStatus(input, now);
  if (status === 'Open') return { isOpen: true, reason: null, code: null };
  if (input.reopenedUntil !== null && now.getTime() < instantMillis(input.reopenedUntil))
    return { isOpen: true, reason: null, code: null };
  return status === 'Future'
    ? { isOpen: false, reason: messages.submissionPeriodNotOpen, code: 'period_not_open' }
    : { isOpen: false, reason: messages.submissionPeriodClosed, code: 'period_closed' };
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

/**
 * What a person who finds a return locked is told beyond 'Locked by NAME since HH:mm' (product
 * decisions, "The return between people"; decision 0036): until when, and who can release it.
 */
export function lockAdvice(input: {
  holder: string;
  expiresAt: string | Date;
  organisationName: string;
  canRelease: boolean;
  now?: Date;
}): { until: string; release: string } {
  const expires = toLondon(input.expiresAt);
  const today = toLondon(input.now ?? new Date());
  const time = expires?.toFormat('HH:mm') ?? '';
  const at =
    expires && today && expires.toISODate() !== today.toISODate()
      ? `${expires.toFormat('d MMMM yyyy')} at ${time}`
      : time;
  return {
    until: `It is released when ${input.holder} leaves the return, or at ${at} if they stop working on it.`,
    release: input.canRelease
      ? `You can release it now if ${input.holder} has finished with it.`
      : `An authoriser of ${input.organisationName} or a manager of this collection can release it.`,
  };
}
