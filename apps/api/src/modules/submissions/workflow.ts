import { messages, submissionWindow } from '@dcf/domain';
import type { Db, Tx } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { conflict, forbidden, notFound, validationProblem } from '../../platform/errors';
import { canSendBack } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { notify } from '../notifications/events';
import {
  ensureSubmission,
  findPageContext,
  findSubmissionFor,
  lockSubmission,
  type SubmissionRow,
  updateSubmission,
} from './queries';
import type { PageKey } from './service';
import { buildView } from './view';

/**
 * What happens to a submission after it is submitted: a collection manager returns it for correction
 * or reopens it for one organisation after close; a management-organisation user gives the NHSI
 * authorisation. Before it is submitted, the organisation's authoriser may send it back to the clerks. Each locks the submission row, changes it and writes the audit entry in one transaction.
 */

type Change = (
  tx: Tx,
  row: SubmissionRow,
  now: Date,
) => Promise<{ action: string; before: unknown; after: unknown }>;

async function changeSubmission(
  db: Db,
  principal: Principal,
  submissionId: number,
  requestId: string,
  change: Change,
) {
  const now = new Date();
  const row = await db.transaction().execute(async (tx) => {
    const row = await lockSubmission(tx, submissionId);
    if (!row) throw notFound();
    const { action, before, after } = await change(tx, row, now);
    await updateSubmission(tx, submissionId, { updatedAt: now });
    await writeAudit(tx, {
      userId: principal.userId,
      action,
      entityType: 'submission',
      entityId: submissionId,
      collectionId: row.collectionId,
      organisationId: row.organisationId,
      before,
      after,
      requestId,
    });
    return row;
  });
  return buildView(db, principal, row.collectionId, row.reportingPeriodId, row.organisationId);
}

/**
 * POST /Submission/{id}/Return { reason }: a completed return goes back to draft for correction. The
 * official revision stays official until the next submit; an NHSI authorisation of it is withdrawn.
 * The 'returned' email (to the organisation's clerks and authorisers, with the reason) is raised in
 * the same transaction.
 */
export const returnSubmission = (
  db: Db,
  principal: Principal,
  submissionId: number,
  reason: string,
  requestId: string,
) =>
  changeSubmission(db, principal, submissionId, requestId, async (tx, row, now) => {
    if (row.status !== 'completed')
      throw conflict('submission_not_completed', messages.submissionNotCompleted);
    await updateSubmission(tx, row.id, {
      status: 'draft',
      returnedBy: principal.userId,
      returnedAt: now,
      returnedReason: reason,
      nhsiAuthorisedBy: null,
      nhsiAuthorisedAt: null,
    });
    if (row.officialRevisionId !== null)
      await notify(tx, {
        type: 'returned',
        submissionId: row.id,
        revisionId: row.officialRevisionId,
        returnedBy: principal.userId,
        reason,
      });
    return {
      action: 'submission.return',
      before: { status: row.status, nhsiAuthorisedBy: row.nhsiAuthorisedBy },
      after: { status: 'draft', reason },
    };
  });

/**
 * POST /Submission/{id}/SendBack { reason } (decision 0036): the organisation's own authoriser sends a
 * saved draft back to its clerks instead of signing it off. It leaves the authorisers' list, shows on
 * the clerks' 'Returned to you' list and on the return with the reason until it is sent for sign-off
 * again or submitted, and the 'sentBack' email goes to the clerks in the same transaction. Refused:
 * where trust authorisation is not required (409); anyone but the organisation's own authoriser (403);
 * a collection not published, a closed window, a return not started or submitted (409).
 */
export const sendBack = (
  db: Db,
  principal: Principal,
  submissionId: number,
  reason: string,
  requestId: string,
) =>
  changeSubmission(db, principal, submissionId, requestId, async (tx, row, now) => {
    const context = await findPageContext(tx, row.collectionId, row.reportingPeriodId, row.organisationId);
    if (!context) throw notFound();
    const organisation = { id: row.organisationId, code: context.organisationCode };
    if (!context.isTrustAuthorisationRequired)
      throw conflict('signoff_not_required', messages.submissionSignOffNotRequired);
    if (!canSendBack(principal, row.collectionId, organisation, true))
      throw forbidden(messages.submissionSendBackNotAllowed);
    if (context.collectionStatus !== 'published')
      throw conflict('collection_not_published', messages.submissionCollectionNotPublished);
    const window = submissionWindow({ ...context, reopenedUntil: row.reopenedUntil }, now);
    if (!window.isOpen) throw conflict('window_closed', window.reason);
    if (row.status !== 'draft' || row.currentRevisionId === null)
      throw conflict('submission_not_draft', messages.submissionNotDraft);
    await updateSubmission(tx, row.id, {
      sentBackBy: principal.userId,
      sentBackAt: now,
      sentBackReason: reason,
      sentForSignoffBy: null,
      sentForSignoffAt: null,
    });
    await notify(tx, {
      type: 'sentBack',
      submissionId: row.id,
      revisionId: row.currentRevisionId,
      sentBackBy: principal.userId,
      reason,
    });
    return {
      action: 'submission.sendBack',
      before: { sentForSignoffBy: row.sentForSignoffBy, sentForSignoffAt: row.sentForSignoffAt },
      after: { reason },
    };
  });

/**
 * POST /Submission/{id}/Reopen { until }: a per-organisation extension, open until that instant
 * whatever the period's dates (a later reopen replaces an earlier one). The instant must be in the future.
 */
export const reopenSubmission = (
  db: Db,
  principal: Principal,
  submissionId: number,
  until: string,
  requestId: string,
) =>
  changeSubmission(db, principal, submissionId, requestId, async (tx, row, now) => {
    const untilDate = new Date(until);
    if (untilDate.getTime() <= now.getTime())
      throw validationProblem({ until: [messages.reopenUntilInPast] });
    await updateSubmission(tx, row.id, { reopenedUntil: untilDate });
    return {
      action: 'submission.reopen',
      before: { reopenedUntil: row.reopenedUntil },
      after: { reopenedUntil: untilDate.toISOString() },
    };
  });

/**
 * POST .../Organisation/{orgId}/Submission/Reopen { until }: the same reopen, named by period and
 * organisation, so an organisation that never started its return (the usual one to reopen after close)
 * can be reopened too: its submission is created first, empty, as taking the lock would.
 */
export async function reopenReturn(
  db: Db,
  principal: Principal,
  key: PageKey,
  until: string,
  requestId: string,
) {
  if (new Date(until).getTime() <= Date.now())
    throw validationProblem({ until: [messages.reopenUntilInPast] });
  const submissionId = await db.transaction().execute(async (tx) => {
    const context = await findPageContext(tx, key.collectionId, key.periodId, key.organisationId);
    if (!context) throw notFound();
    const existing = await findSubmissionFor(tx, key.periodId, key.organisationId);
    if (existing) return existing.id;
    if (context.periodFormId === null) throw conflict('no_form_definition', messages.noFormDefinition);
    return ensureSubmission(tx, {
      collectionId: key.collectionId,
      reportingPeriodId: key.periodId,
      organisationId: key.organisationId,
      formId: context.periodFormId,
    });
  });
  return reopenSubmission(db, principal, submissionId, until, requestId);
}

/**
 * POST /Submission/{id}/NhsiAuthorisation: the regulator's authorisation of the official (completed)
 * return, where the collection requires it for the organisation. Once only; a resubmission clears it.
 * The 'nhsiAuthorised' email (to the submitter and the organisation's authorisers) is raised in the
 * same transaction.
 */
export const authoriseNhsi = (db: Db, principal: Principal, submissionId: number, requestId: string) =>
  changeSubmission(db, principal, submissionId, requestId, async (tx, row, now) => {
    const context = await findPageContext(tx, row.collectionId, row.reportingPeriodId, row.organisationId);
    if (!context) throw notFound();
    if (!context.isNhsiAuthorisationRequired)
      throw conflict('authorisation_not_required', messages.submissionNhsiNotRequired);
    if (row.status !== 'completed' || row.officialRevisionId === null)
      throw conflict('submission_not_completed', messages.submissionNotCompleted);
    if (row.nhsiAuthorisedAt !== null)
      throw conflict('already_authorised', messages.submissionAlreadyAuthorised);
    await updateSubmission(tx, row.id, { nhsiAuthorisedBy: principal.userId, nhsiAuthorisedAt: now });
    await notify(tx, {
      type: 'nhsiAuthorised',
      submissionId: row.id,
      revisionId: row.officialRevisionId,
      authorisedBy: principal.userId,
      authorisedAt: now.toISOString(),
    });
    return {
      action: 'submission.nhsiAuthorise',
      before: { nhsiAuthorisedAt: null },
      after: { officialRevisionId: row.officialRevisionId, nhsiAuthorisedAt: now.toISOString() },
    };
  });
