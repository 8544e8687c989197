import {
  cleanSubmissionContent,
  lockExpiry,
  lockedByMessage,
  messages,
  type SavedRevision,
  type SaveRevisionBody,
  submissionWindow,
} from '@dcf/domain';
import type { Db, Tx } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { conflict, forbidden, notFound, validationProblem } from '../../platform/errors';
import { canManageSubmissions, canSubmitOrganisationData, submitterRolesFor } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { assessReturn, keepFindings } from '../data-quality/assess';
import { notify } from '../notifications/events';
import { formVersion, heldVersionOf, rememberFormOf } from './form-definitions';
import {
  ensureSubmission,
  findPageContext,
  findSubmissionFor,
  findUserNames,
  lockSubmission,
  type SubmissionRow,
  updateSubmission,
} from './queries';
import { findSaveContext, writeRevision } from './save-statements';
import { validateContent } from './validation';
import { buildView, isLiveLock } from './view';

/**
 * The submission lifecycle: the lock, and saving or submitting a revision. Every change runs in one
 * transaction that first locks the submission row (`select ... for update`), so concurrent requests for
 * one submission (two users taking the lock, two saves) run one after the other and each sees the
 * other's result; the audit entry is written in the same transaction.
 */

export interface PageKey {
  collectionId: number;
  periodId: number;
  organisationId: number;
}

export const getSubmissionView = (db: Db, principal: Principal, key: PageKey) =>
  buildView(db, principal, key.collectionId, key.periodId, key.organisationId);

async function lockedByConflict(tx: Tx, row: SubmissionRow) {
  const names = await findUserNames(tx, [row.lockedBy]);
  return conflict(
    'lock_held',
    lockedByMessage(names.get(row.lockedBy ?? 0) ?? '', row.lockedOn ?? new Date()),
  );
}

/**
 * POST .../Submission/Lock: takes the lock, or renews it for its holder (the page's heartbeat). The
 * submission row is created on the first lock (it counts as not started until its first revision). A
 * live lock held by someone else answers 409 'Locked by NAME since HH:mm'; so does a period outside
 * its open window (with the reason). Taking the lock is audited; a renewal is not (it changes nothing
 * but the expiry, every five minutes).
 */
export async function takeLock(db: Db, principal: Principal, key: PageKey, requestId: string) {
  const now = new Date();
  await db.transaction().execute(async (tx) => {
    const context = await findPageContext(tx, key.collectionId, key.periodId, key.organisationId);
    if (!context) throw notFound();
    if (context.collectionStatus !== 'published')
      throw conflict('collection_not_published', messages.submissionCollectionNotPublished);
    const existing = await findSubmissionFor(tx, key.periodId, key.organisationId);
    const window = submissionWindow({ ...context, reopenedUntil: existing?.reopenedUntil ?? null }, now);
    if (!window.isOpen) throw conflict('window_closed', window.reason);
    const formId = existing?.formId ?? context.periodFormId;
    if (formId === null) throw conflict('no_form_definition', messages.noFormDefinition);
    const id =
      existing?.id ??
      (await ensureSubmission(tx, {
        collectionId: key.collectionId,
        reportingPeriodId: key.periodId,
        organisationId: key.organisationId,
        formId,
      }));
    const row = await lockSubmission(tx, id);
    if (!row) throw notFound();
    const renewing = isLiveLock(row, now) && row.lockedBy === principal.userId;
    if (isLiveLock(row, now) && !renewing) throw await lockedByConflict(tx, row);
    await updateSubmission(tx, id, {
      lockedBy: principal.userId,
      lockedOn: renewing ? row.lockedOn : now,
      lockExpiresAt: lockExpiry(now),
      updatedAt: now,
    });
    if (!renewing)
      await writeAudit(tx, {
        userId: principal.userId,
        action: 'submission.lock',
        entityType: 'submission',
        entityId: id,
        collectionId: key.collectionId,
        organisationId: key.organisationId,
        before: row.lockedBy === null ? null : { lockedBy: row.lockedBy, lockExpiresAt: row.lockExpiresAt },
        after: { lockedBy: principal.userId },
        requestId,
      });
  });
  return buildView(db, principal, key.collectionId, key.periodId, key.organisationId, now);
}

/**
 * DELETE .../Submission/Lock: the holder releases it; a collection manager or administrator may release
 * anyone's. Someone else's live lock, for anybody else, is a 409 with who holds it. Releasing a lock
 * that is not there (or has lapsed) succeeds: the caller wanted it gone.
 */
export async function releaseLock(db: Db, principal: Principal, key: PageKey, requestId: string) {
  const now = new Date();
  await db.transaction().execute(async (tx) => {
    const existing = await findSubmissionFor(tx, key.periodId, key.organisationId);
    if (!existing) return;
    const row = await lockSubmission(tx, existing.id);
    if (!row || row.lockedBy === null) return;
    const isMine = row.lockedBy === principal.userId;
    if (!isMine && isLiveLock(row, now) && !canManageSubmissions(principal, key.collectionId))
      throw await lockedByConflict(tx, row);
    await updateSubmission(tx, row.id, {
      lockedBy: null,
      lockedOn: null,
      lockExpiresAt: null,
      updatedAt: now,
    });
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'submission.unlock',
      entityType: 'submission',
      entityId: row.id,
      collectionId: key.collectionId,
      organisationId: key.organisationId,
      before: { lockedBy: row.lockedBy, lockedOn: row.lockedOn, lockExpiresAt: row.lockExpiresAt },
      requestId,
    });
  });
}

/**
 * POST /Submission/{id}/SubmissionRevision: saves a draft or submits. In order: the caller must hold a
 * live lock (409), the collection must be published and the organisation's window open (409 with the reason), the base must be the
 * current revision (409, nothing overwritten), a submit where trust authorisation is required needs an
 * authoriser (403), and the cleaned content must pass Form.io validation against the submission's form
 * version (400 with the field messages). Only then is the revision written and the submission moved on:
 * a draft (also when amending a completed return) leaves the official revision where it is; a submit
 * makes the new revision official and clears a return and an earlier NHSI authorisation. The save
 * renews the lock. In the same transaction it raises the emails (decision 0006): 'submitted' on a
 * submit (and 'nhsiAuthorisationRequested' where NHSI authorisation is required),
 * 'authorisationRequested' when a clerk's draft is ready for an authoriser. It answers what changed
 * (SavedRevision), not the whole view: the page merges it into the view it holds.
 */
export async function saveRevision(
  db: Db,
  principal: Principal,
  submissionId: number,
  body: SaveRevisionBody,
  requestId: string,
  onValidated?: (milliseconds: number) => void,
) {
  const now = new Date();
  // A submit is signed: the submitter confirmed the declaration on the check-your-answers page.
  if (body.status === 'completed' && body.declaration !== true)
    throw validationProblem({ declaration: [messages.submissionDeclarationRequired] });
  // The answers are checked against the submission's form version, which never changes: when this
  // process holds it already, they are checked before the transaction, so the row lock and the
  // connection are held for the statements alone. The verdict still comes after the checks below.
  const held = heldVersionOf(db, submissionId);
  const early = held && timedValidation(held.definition, body.content, onValidated);
  return db.transaction().execute(async (tx): Promise<SavedRevision> => {
    const row = await findSaveContext(tx, submissionId);
    if (!row) throw notFound();
    const context = row;
    if (!isLiveLock(row, now) || row.lockedBy !== principal.userId) {
      if (isLiveLock(row, now)) throw await lockedByConflict(tx, row);
      throw conflict('lock_required', messages.submissionLockRequired);
    }
    if (context.collectionStatus !== 'published')
      throw conflict('collection_not_published', messages.submissionCollectionNotPublished);
    const window = submissionWindow({ ...context, reopenedUntil: row.reopenedUntil }, now);
    if (!window.isOpen) throw conflict('window_closed', window.reason);
    if (body.baseRevisionId !== row.currentRevisionId)
      throw conflict('stale_revision', messages.submissionStale);
    if (
      body.status === 'completed' &&
      !canSubmitOrganisationData(
        principal,
        row.collectionId,
        { id: row.organisationId, code: context.organisationCode },
        context.isTrustAuthorisationRequired,
      )
    )
      throw forbidden(messages.submissionAuthoriserRequired);

    rememberFormOf(db, submissionId, row.formId);
    const stillHeld = held?.formId === row.formId && held.rowVersion === row.formRowVersion;
    const version = stillHeld ? held : await formVersion(db, tx, row.formId, row.formRowVersion);
    if (!version) throw notFound();
    const checked =
      stillHeld && early ? early : timedValidation(version.definition, body.content, onValidated);
    const errors = checked.for(body.status);
    if (Object.keys(errors).length > 0) throw validationProblem(errors);
    // What is saved is what the form asks for: unknown keys dropped, hidden answers cleared, calculations set.
    const content = cleanSubmissionContent(checked.data);
    const quality = await assessReturn(
      tx,
      { ...context, formId: row.formId, status: body.status },
      content,
      body.explanations,
      version.rules,
    );

    const completedPages = [...new Set(body.completedPages ?? [])];
    const submitted = body.status === 'completed';
    const contentJson = JSON.stringify(content);
    const revision = await writeRevision(
      tx,
      {
        submissionId,
        status: body.status,
        content: contentJson,
        completedPages,
        createdBy: principal.userId,
        ...(submitted
          ? { declaration: messages.submissionDeclaration, declaredBy: principal.userId, declaredAt: now }
          : {}),
      },
      {
        status: body.status,
        lockExpiresAt: lockExpiry(now),
        updatedAt: now,
        ...(submitted
          ? {
              submittedBy: principal.userId,
              submittedAt: now,
              nhsiAuthorisedBy: null,
              nhsiAuthorisedAt: null,
              returnedBy: null,
              returnedAt: null,
              returnedReason: null,
            }
          : {}),
      },
      {
        userId: principal.userId,
        action: submitted ? 'submission.submit' : 'submission.saveDraft',
        entityType: 'submission',
        entityId: submissionId,
        collectionId: row.collectionId,
        organisationId: row.organisationId,
        before: {
          status: row.status,
          currentRevisionId: row.currentRevisionId,
          officialRevisionId: row.officialRevisionId,
        },
        // currentRevisionId is added by the statement (the new revision's id).
        after: {
          status: body.status,
          fields: Object.keys(content).length,
          ...(submitted ? { declaration: messages.submissionDeclaration } : {}),
        },
        requestId,
      },
      submitted,
    );
    const revisionId = revision.id;
    await keepFindings(tx, revisionId, quality);
    if (submitted) {
      await notify(tx, { type: 'submitted', submissionId, revisionId });
      // The return now awaits NHSI authorisation (the view's awaitingNhsiAuthorisation): ask the
      // management organisation, once per submitted revision.
      if (context.isNhsiAuthorisationRequired)
        await notify(tx, { type: 'nhsiAuthorisationRequested', submissionId, revisionId });
    } else if (
      context.isTrustAuthorisationRequired &&
      isClerkOnly(principal, row) &&
      Object.keys(checked.for('completed')).length === 0
    )
      // Keyed on the round (the official revision the draft builds on): autosaves of a ready draft
      // raise it once, and the next round starts with the next submit.
      await notify(tx, {
        type: 'authorisationRequested',
        submissionId,
        revisionId,
        officialRevisionId: row.officialRevisionId,
      });
    return {
      submissionId,
      status: body.status,
      currentRevisionId: revisionId,
      officialRevisionId: submitted ? revisionId : row.officialRevisionId,
      content: contentJson,
      completedPages,
      lockExpiresAt: lockExpiry(now).toISOString(),
      revision: {
        id: revisionId,
        createdAt: revision.createdAt.toISOString(),
        createdBy: { id: principal.userId, name: principal.name ?? principal.email },
        status: body.status,
        isOfficial: submitted,
        isDeleted: false,
      },
    };
  });
}

function timedValidation(
  definition: Readonly<Record<string, unknown>>,
  content: Record<string, unknown>,
  onValidated?: (milliseconds: number) => void,
) {
  const started = performance.now();
  const checked = validateContent(definition, cleanSubmissionContent(content));
  onValidated?.(performance.now() - started);
  return checked;
}

/** A data entry clerk of the organisation who is not also one of its authorisers (who would just submit). */
function isClerkOnly(principal: Principal, row: Pick<SubmissionRow, 'collectionId' | 'organisationId'>) {
  const roles = submitterRolesFor(principal, row.collectionId, row.organisationId);
  return roles.has('DataEntryClerk') && !roles.has('Authoriser');
}
