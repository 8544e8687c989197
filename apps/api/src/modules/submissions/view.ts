import {
  lockedByMessage,
  messages,
  periodStatus,
  type ReadOnlyCode,
  type SubmissionView,
  submissionWindow,
} from '@dcf/domain';
import type { Db, Tx } from '../../db/database';
import { notFound } from '../../platform/errors';
import {
  canReleaseLockOf,
  canSeeDeletedRevisions,
  canSendBack,
  canSubmitOrganisationData,
  mayEditOrganisationData,
  returnAbilitiesOf,
} from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { presentHandover, presentRevisionSummary } from './presenters';
import {
  findForm,
  findLatestContent,
  findPageContext,
  findRevisions,
  findSubmissionFor,
  findUserNames,
  type PageContext,
  type SubmissionRow,
  VIEW_REVISIONS,
} from './queries';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** A lock counts while its holder keeps saving or sending the heartbeat. */
export const isLiveLock = (row: Pick<SubmissionRow, 'lockedBy' | 'lockExpiresAt'>, now: Date) =>
  row.lockedBy !== null && row.lockExpiresAt !== null && row.lockExpiresAt.getTime() > now.getTime();

type Reason = { reason: string; code: ReadOnlyCode };

const fixedReasons = {
  no_edit_role: messages.submissionNoEditRole,
  collection_not_published: messages.submissionCollectionNotPublished,
  no_form_definition: messages.noFormDefinition,
  authoriser_required: messages.submissionAuthoriserRequired,
} as const;

const reasonOf = (code: keyof typeof fixedReasons): Reason => ({ reason: fixedReasons[code], code });

/**
 * Why the page is read-only, the sentence shown and its code (decision 0044), or null when it is not:
 * the first reason that applies, in the order a user can do something about it (role, then window, then
 * somebody else's lock).
 */
function readOnlyOf(input: {
  editable: boolean;
  context: PageContext;
  window: ReturnType<typeof submissionWindow>;
  submission: SubmissionRow | undefined;
  lockedByOther: boolean;
  names: Map<number, string>;
}): Reason | null {
  const { context, window, submission } = input;
  if (!input.editable) return reasonOf('no_edit_role');
  if (context.collectionStatus !== 'published') return reasonOf('collection_not_published');
  if (!window.isOpen) return { reason: window.reason, code: window.code };
  if (context.periodFormId === null && submission === undefined) return reasonOf('no_form_definition');
  if (input.lockedByOther && submission?.lockedOn) {
    const holder = input.names.get(submission.lockedBy ?? 0) ?? '';
    return { reason: lockedByMessage(holder, submission.lockedOn), code: 'locked' };
  }
  return null;
}

/** What the user may do on the page; an editable page says why it cannot be submitted (authorisation). */
function decideAbilities(
  principal: Principal,
  context: PageContext,
  submission: SubmissionRow | undefined,
  names: Map<number, string>,
  now: Date,
) {
  const window = submissionWindow({ ...context, reopenedUntil: submission?.reopenedUntil ?? null }, now);
  const lockedByOther =
    submission !== undefined && isLiveLock(submission, now) && submission.lockedBy !== principal.userId;
  // The rule the lock and save routes are guarded by (organisationDataEdit): the page never offers what
  // the API would refuse.
  const editable = mayEditOrganisationData(principal, context.collectionId, context.organisationId);
  const submittable = canSubmitOrganisationData(
    principal,
    context.collectionId,
    { id: context.organisationId, code: context.organisationCode },
    context.isTrustAuthorisationRequired,
  );
  const readOnly = readOnlyOf({ editable, context, window, submission, lockedByOther, names });
  const canEdit = readOnly === null;
  const { reason: readOnlyReason, code: readOnlyCode } =
    readOnly ?? (submittable ? { reason: null, code: null } : reasonOf('authoriser_required'));
  const organisation = { id: context.organisationId, code: context.organisationCode };
  // The handover (decision 0036): where it applies, and while the return takes changes.
  const takesChanges = context.collectionStatus === 'published' && window.isOpen;
  return {
    canEdit,
    canSubmit: canEdit && submittable,
    readOnlyReason,
    readOnlyCode,
    canReleaseLock: lockedByOther && canReleaseLockOf(principal, context.collectionId, organisation),
    canSendForSignOff: canEdit && context.isTrustAuthorisationRequired && !submittable,
    canSendBack:
      takesChanges &&
      submission?.status === 'draft' &&
      submission.currentRevisionId !== null &&
      canSendBack(principal, context.collectionId, organisation, context.isTrustAuthorisationRequired),
  };
}

/** The whole state of the form-entry page for one organisation in one period. */
export async function buildView(
  db: Db | Tx,
  principal: Principal,
  collectionId: number,
  periodId: number,
  organisationId: number,
  now = new Date(),
): Promise<SubmissionView> {
  const context = await findPageContext(db, collectionId, periodId, organisationId);
  if (!context) throw notFound();
  const submission = await findSubmissionFor(db, periodId, organisationId);
  const formId = submission?.formId ?? context.periodFormId;
  const includeDeleted = canSeeDeletedRevisions(principal, collectionId);
  const [form, latest, revisions] = await Promise.all([
    formId === null ? undefined : findForm(db, formId),
    submission ? findLatestContent(db, submission.id) : undefined,
    submission ? findRevisions(db, submission.id, { includeDeleted, limit: VIEW_REVISIONS }) : [],
  ]);
  const live = submission !== undefined && isLiveLock(submission, now);
  const names = await findUserNames(db, [
    live ? (submission?.lockedBy ?? null) : null,
    submission?.submittedBy ?? null,
    submission?.nhsiAuthorisedBy ?? null,
    submission?.returnedBy ?? null,
    submission?.sentForSignoffBy ?? null,
    submission?.sentBackBy ?? null,
  ]);
  const user = (id: number | null | undefined) => (id == null ? null : { id, name: names.get(id) ?? '' });
  const abilities = decideAbilities(principal, context, submission, names, now);
  const hasRevision = submission?.currentRevisionId != null;
  const status = hasRevision ? submission.status : 'none';
  const awaitingNhsiAuthorisation =
    context.isNhsiAuthorisationRequired &&
    submission?.officialRevisionId != null &&
    submission.status === 'completed' &&
    submission.nhsiAuthorisedAt === null;
  const manage = returnAbilitiesOf(
    principal,
    { id: collectionId, status: context.collectionStatus },
    {
      started: submission !== undefined,
      submitted: submission?.status === 'completed',
      reopenable: submission !== undefined || context.periodFormId !== null,
      awaitingNhsiAuthorisation,
    },
  );
  return {
    submissionId: submission?.id ?? null,
    collectionId,
    collectionName: context.collectionName,
    reportingPeriodId: periodId,
    organisationId,
    organisationName: context.organisationName,
    organisationCode: context.organisationCode,
    status,
    content: latest?.contentJson ?? '{}',
    completedPages: latest?.completedPages ?? [],
    currentRevisionId: submission?.currentRevisionId ?? null,
    officialRevisionId: submission?.officialRevisionId ?? null,
    form: form ? { id: form.id, definition: form.definition } : null,
    period: {
      id: context.periodId,
      name: context.periodName,
      start: context.start,
      end: context.end,
      reportingPeriodStatus: periodStatus(context, now),
      submissionsOpen: context.submissionsOpen.toISOString(),
      submissionsClose: context.submissionsClose.toISOString(),
      submissionsReopen: iso(context.submissionsReopen),
      submissionsReclose: iso(context.submissionsReclose),
    },
    isLocked: live,
    lockedBy: live ? user(submission?.lockedBy) : null,
    lockedOn: live ? iso(submission?.lockedOn ?? null) : null,
    lockExpiresAt: live ? iso(submission?.lockExpiresAt ?? null) : null,
    lockedByMe: live && submission?.lockedBy === principal.userId,
    ...abilities,
    ...manage,
    isTrustAuthorisationRequired: context.isTrustAuthorisationRequired,
    isNhsiAuthorisationRequired: context.isNhsiAuthorisationRequired,
    awaitingNhsiAuthorisation,
    nhsiAuthorisedBy: user(submission?.nhsiAuthorisedBy),
    nhsiAuthorisedAt: iso(submission?.nhsiAuthorisedAt ?? null),
    returned:
      submission?.returnedBy != null && submission.returnedAt !== null
        ? {
            by: { id: submission.returnedBy, name: names.get(submission.returnedBy) ?? '' },
            at: submission.returnedAt.toISOString(),
            reason: submission.returnedReason ?? '',
          }
        : null,
    ...(submission
      ? presentHandover(submission, (id) => names.get(id) ?? '')
      : { sentForSignOff: null, sentBack: null }),
    reopenedUntil: iso(submission?.reopenedUntil ?? null),
    submittedBy: user(submission?.submittedBy),
    submittedAt: iso(submission?.submittedAt ?? null),
    submissionRevisions: revisions.map((r) =>
      presentRevisionSummary(r, submission?.officialRevisionId ?? null),
    ),
  };
}
