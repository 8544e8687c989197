import { messages } from '@dcf/domain';
import type { Db, Tx } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { conflict, notFound, validationProblem } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { notify } from '../notifications/events';
import { findPageContext, lockSubmission, type SubmissionRow, updateSubmission } from './queries';
import { buildView } from './view';

/**
 * What happens to a submission after it is submitted: a collection manager returns it for correction
 * or reopens it for one organisation after close; a management-organisation user gives the NHSI
 * authorisation. Each locks the submission row, changes it and writes the audit entry in one transaction.
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
