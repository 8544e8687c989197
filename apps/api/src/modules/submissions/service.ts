import {
  lockExpiry,
  lockedByMessage,
  messages,
  type SavedRevision,
  type SaveRevisionBody,
  submissionWindow,
} from '@dcf/domain';
import { type FieldErrors, type FormDefinition, pagesWithErrors } from '@dcf/forms';
import type { Db, Tx } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { conflict, forbidden, notFound, validationProblem } from '../../platform/errors';
import { canReleaseLockOf, canSubmitOrganisationData } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { assessVerdicts, findingColumns } from '../data-quality/assess';
import { noteSubmittedReturn } from '../data-quality/statistics';
import { notify } from '../notifications/events';
import { type CheckScene, checkAnswers, verdictOf } from './evaluation';
import {
  type FormVersion,
  formVersion,
  heldVersionOf,
  readVersionOf,
  rememberFormOf,
} from './form-definitions';
import { presentHandover } from './presenters';
import {
  ensureSubmission,
  findPageContext,
  findSubmissionFor,
  findUserNames,
  type HandoverColumns,
  lockSubmission,
  rememberReleasedToken,
  type SubmissionRow,
  updateSubmission,
} from './queries';
import { findSaveContext, writeRevision } from './save-statements';
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
 *
 * `pageToken` names the page asking (decision 0036): a page that has released the lock (it left) never
 * takes it again, so a request of that page arriving after its release is refused (409
 * lock_page_closed). Both run under the submission's row lock, so whichever comes second sees the
 * first: a release first leaves the token remembered; a lock first is dropped by the release.
 */
export async function takeLock(
  db: Db,
  principal: Principal,
  key: PageKey,
  requestId: string,
  pageToken?: string,
) {
  const now = new Date();
  await lockReturn(db, principal, key, requestId, pageToken, now);
  return buildView(db, principal, key.collectionId, key.periodId, key.organisationId, now);
}

/**
 * Takes or renews the lock (takeLock's rules and audit) and answers the return's submission and current
 * revision (what a save needs, without the page's view: the bulk call locks a thousand returns), and
 * whether the caller held it already.
 */
export async function lockReturn(
  db: Db,
  principal: Principal,
  key: PageKey,
  requestId: string,
  pageToken: string | undefined,
  now = new Date(),
): Promise<{ submissionId: number; currentRevisionId: number | null; alreadyHeld: boolean }> {
  return db.transaction().execute(async (tx) => {
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
    if (pageToken !== undefined && row.releasedLockTokens.includes(pageToken))
      throw conflict('lock_page_closed', messages.submissionPageClosed);
    const renewing = isLiveLock(row, now) && row.lockedBy === principal.userId;
    if (isLiveLock(row, now) && !renewing) throw await lockedByConflict(tx, row);
    await updateSubmission(tx, id, {
      lockedBy: principal.userId,
      lockedOn: renewing ? row.lockedOn : now,
      lockExpiresAt: lockExpiry(now),
      // The same person's other tab taking it over holds it from now on.
      lockToken: pageToken ?? null,
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
    return { submissionId: id, currentRevisionId: row.currentRevisionId, alreadyHeld: renewing };
  });
}

/**
 * DELETE .../Submission/Lock.
 *
 * With a `pageToken`, a page leaving (decision 0036): the token is remembered (its lock requests still
 * on their way are refused, see takeLock) and the lock is dropped only if that page holds it; anything
 * else is left as it is (the same person's other tab, someone else's lock). When the return has no row
 * yet, the row is made first, as the lock would make it, so a first lock still on its way meets the
 * remembered token (both create it with `insert ... on conflict do nothing`, so the second waits for
 * the first to commit and then locks the same row).
 *
 * Without a token, a release by a person: the holder releases their own; someone else's live lock only
 * a collection manager, an administrator or the organisation's authoriser (canReleaseLockOf), anybody
 * else gets 409 with who holds it. Releasing a lock that is not there (or has lapsed) succeeds: the
 * caller wanted it gone.
 */
export async function releaseLock(
  db: Db,
  principal: Principal,
  key: PageKey,
  requestId: string,
  pageToken?: string,
) {
  const now = new Date();
  await db.transaction().execute(async (tx) => {
    const id =
      (await findSubmissionFor(tx, key.periodId, key.organisationId))?.id ??
      (pageToken === undefined ? undefined : await rowForRelease(tx, key));
    if (id === undefined) return;
    const row = await lockSubmission(tx, id);
    if (!row) return;
    if (pageToken !== undefined) {
      await rememberReleasedToken(tx, row.id, pageToken);
      if (row.lockedBy !== principal.userId || row.lockToken !== pageToken) return;
    } else {
      if (row.lockedBy === null) return;
      if (
        row.lockedBy !== principal.userId &&
        isLiveLock(row, now) &&
        !(await mayRelease(tx, principal, key))
      )
        throw await lockedByConflict(tx, row);
    }
    await updateSubmission(tx, row.id, {
      lockedBy: null,
      lockedOn: null,
      lockExpiresAt: null,
      lockToken: null,
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

/** The return's row for a page's release, made as the first lock makes it; none without a form. */
async function rowForRelease(tx: Tx, key: PageKey) {
  const context = await findPageContext(tx, key.collectionId, key.periodId, key.organisationId);
  if (!context || context.periodFormId === null) return undefined;
  return ensureSubmission(tx, {
    collectionId: key.collectionId,
    reportingPeriodId: key.periodId,
    organisationId: key.organisationId,
    formId: context.periodFormId,
  });
}

async function mayRelease(tx: Tx, principal: Principal, key: PageKey) {
  const context = await findPageContext(tx, key.collectionId, key.periodId, key.organisationId);
  return (
    context !== undefined &&
    canReleaseLockOf(principal, key.collectionId, { id: key.organisationId, code: context.organisationCode })
  );
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
 * submit (and 'nhsiAuthorisationRequested' where NHSI authorisation is required).
 *
 * The handover (decision 0036): a draft with `sendForSignOff` runs the submit's full checks (form and
 * data quality: 400 with every problem, as a submit) and then waits on the authorisers' list, who are
 * emailed ('authorisationRequested', once per revision sent); it clears an authoriser's send-back. A
 * later draft by someone who cannot sign the return off takes it off the list again (what waits for
 * sign-off has always passed the full checks); a submit clears both. Wizard pages ticked 'This page is
 * complete' stay ticked only while their questions pass the full checks.
 *
 * It answers what changed (SavedRevision), not the whole view: the page merges it into the view it holds.
 */
export async function saveRevision(
  scene: Omit<CheckScene, 'submissionId' | 'userId' | 'requestId'>,
  principal: Principal,
  submissionId: number,
  body: SaveRevisionBody,
  requestId: string,
  onValidated?: (milliseconds: number) => void,
) {
  const { db } = scene;
  const now = new Date();
  // A submit is signed: the submitter confirmed the declaration on the check-your-answers page.
  if (body.status === 'completed' && body.declaration !== true)
    throw validationProblem({ declaration: [messages.submissionDeclarationRequired] });
  const sending = body.status === 'draft' && body.sendForSignOff === true;
  // The checks this save must pass: a submit's, also for a draft sent for sign-off.
  const checks = sending ? 'completed' : body.status;
  // The answers are checked in the evaluation box against the submission's form version, which never
  // changes, before the transaction: the row lock and the connection are held for the statements alone,
  // never while a worker evaluates (decision 0031). The first save of a submission in this process reads
  // its version first (one statement). The verdict still comes after the checks below.
  const check: CheckScene = { ...scene, submissionId, userId: principal.userId, requestId };
  const checking = { content: body.content, status: checks };
  const version = heldVersionOf(db, submissionId) ?? (await readVersionOf(db, submissionId));
  const early = version && (await checkAnswers(check, db, version, checking, false));
  return db.transaction().execute(async (tx): Promise<SavedRevision> => {
    const row = await findSaveContext(tx, submissionId, (version?.rules.length ?? 0) > 0);
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
    const mayFinish = canSubmitOrganisationData(
      principal,
      row.collectionId,
      { id: row.organisationId, code: context.organisationCode },
      context.isTrustAuthorisationRequired,
    );
    if (body.status === 'completed' && !mayFinish) throw forbidden(messages.submissionAuthoriserRequired);
    if (sending && !context.isTrustAuthorisationRequired)
      throw conflict('signoff_not_required', messages.submissionSignOffNotRequired);

    rememberFormOf(db, submissionId, row.formId);
    // The version changed since it was read (edited before its first submission), or the rules' inputs
    // did (an earlier period's return submitted again, statistics computed again): checked again, now.
    const stillHeld = version?.formId === row.formId && version.rowVersion === row.formRowVersion;
    const current = stillHeld ? version : await formVersion(db, tx, row.formId, row.formRowVersion);
    if (!current) throw notFound();
    const inputsHeld = current.rules.length === 0 || early?.ruleInputsStamp === row.ruleInputsStamp;
    const checked = verdictOf(
      stillHeld && inputsHeld && early ? early : await checkAnswers(check, tx, current, checking, true),
    );
    onValidated?.(checked.evaluationMs);
    const errors = checked.errors[checks];
    if (Object.keys(errors).length > 0) throw validationProblem(errors);
    const quality = assessVerdicts(checked.verdicts, checks, body.explanations);

    const completedPages = keepCheckedPages(current, body.completedPages, checked.errors.completed);
    const submitted = body.status === 'completed';
    const handover = handoverChanges(principal.userId, now, row, { submitted, sending, mayFinish });
    const findings = findingColumns(quality);
    // What is saved is what the form asks for (unknown keys dropped, hidden answers cleared,
    // calculations set), as the box wrote it.
    const contentJson = checked.contentJson;
    const revision = await writeRevision(
      tx,
      {
        submissionId,
        status: body.status,
        content: contentJson,
        completedPages,
        createdBy: principal.userId,
        ...findings.columns,
        ...(submitted
          ? { declaration: messages.submissionDeclaration, declaredBy: principal.userId, declaredAt: now }
          : {}),
      },
      {
        status: body.status,
        lockExpiresAt: lockExpiry(now),
        updatedAt: now,
        ...handover.changes,
        ...(submitted
          ? {
              submittedBy: principal.userId,
              submittedAt: now,
              nhsiAuthorisedBy: null,
              nhsiAuthorisedAt: null,
              returnedBy: null,
              returnedAt: null,
              returnedReason: null,
              officialWarnings: findings.warnings,
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
          fields: checked.fields,
          ...(submitted ? { declaration: messages.submissionDeclaration } : {}),
          ...handover.audit,
        },
        requestId,
      },
      submitted,
    );
    const revisionId = revision.id;
    if (submitted) {
      await notify(tx, { type: 'submitted', submissionId, revisionId });
      // A return submitted after its period closed (reopened) changes that period's statistics.
      await noteSubmittedReturn(tx, context, now);
      // The return now awaits NHSI authorisation (the view's awaitingNhsiAuthorisation): ask the
      // management organisation, once per submitted revision.
      if (context.isNhsiAuthorisationRequired)
        await notify(tx, { type: 'nhsiAuthorisationRequested', submissionId, revisionId });
    } else if (sending)
      // The authorisers are asked once for each revision sent (decision 0036).
      await notify(tx, { type: 'authorisationRequested', submissionId, revisionId });
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
      // The names come with the save's context (no statement of their own); a sender is the saver.
      ...presentHandover(handover.after, (id) =>
        id === principal.userId
          ? (principal.name ?? principal.email)
          : id === row.sentBackBy
            ? (row.sentBackName ?? '')
            : (row.sentForSignoffName ?? ''),
      ),
    };
  });
}

/**
 * What a save does to the handover (decision 0036): a submit ends it; sending for sign-off records who
 * and when and clears a send-back; a draft by someone who cannot sign the return off takes it off the
 * authorisers' list (it changed after it was checked); anyone else's draft leaves it as it was.
 */
function handoverChanges(
  userId: number,
  now: Date,
  row: HandoverColumns,
  save: { submitted: boolean; sending: boolean; mayFinish: boolean },
) {
  const ended: HandoverColumns = {
    sentForSignoffBy: null,
    sentForSignoffAt: null,
    sentBackBy: null,
    sentBackAt: null,
    sentBackReason: null,
  };
  let after: HandoverColumns = row;
  if (save.submitted) after = ended;
  else if (save.sending) after = { ...ended, sentForSignoffBy: userId, sentForSignoffAt: now };
  else if (!save.mayFinish && row.sentForSignoffAt !== null)
    after = { ...row, sentForSignoffBy: null, sentForSignoffAt: null };
  const changed = (Object.keys(ended) as (keyof HandoverColumns)[]).filter(
    (k) =>
      (after[k] instanceof Date ? (after[k] as Date).getTime() : after[k]) !==
      (row[k] instanceof Date ? (row[k] as Date).getTime() : row[k]),
  );
  const changes = Object.fromEntries(changed.map((k) => [k, after[k]]));
  const audit = save.sending
    ? { sentForSignOff: true }
    : !save.submitted && changed.includes('sentForSignoffAt')
      ? { sentForSignOff: false }
      : {};
  return { changes, audit, after };
}

/**
 * The ticks of 'This page is complete' that stand: a wizard page whose questions fail the submit's
 * checks is not complete, whatever the page sent (decision 0036). The one evaluation of the save
 * answers it.
 */
function keepCheckedPages(
  version: FormVersion,
  ticked: readonly string[] | undefined,
  completedErrors: FieldErrors,
) {
  const pages = [...new Set(ticked ?? [])];
  // The definition is read only when a ticked page may be wrong (the box has its parsed copy).
  if (pages.length === 0 || Object.keys(completedErrors).length === 0) return pages;
  const definition = JSON.parse(version.definitionJson) as FormDefinition;
  const wrong = pagesWithErrors(definition, completedErrors);
  return pages.filter((page) => !wrong.has(page));
}
