import { periodStatus } from '@dcf/domain';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/database';
import { getFeatureFlags } from '../../platform/feature-flags';
import { enqueue, JOB_PRIORITY } from '../../platform/jobs';
import { type OutgoingMail, queueMailInBatches } from '../../platform/mail';
import { notificationEventJob } from './event-job';
import {
  findManagementOrganisationUsers,
  findManagers,
  findPeriodContext,
  findPeriodCounts,
  findRevision,
  findSubmissionContext,
  findSubmitters,
  findUser,
  type PeriodContext,
  type SubmissionContext,
  type Submitter,
} from './queries';
import {
  authorisationRequestedEmail,
  type Email,
  nhsiAuthorisationRequestedEmail,
  nhsiAuthorisedEmail,
  periodOpenedEmail,
  periodSummaryEmail,
  type ReturnContext,
  reminderEmail,
  returnedEmail,
  sentBackEmail,
  submittedEmail,
} from './templates';

/** The events the submissions workflow raises (submissions/service.ts and workflow.ts call `notify`). */
export type SubmissionEvent =
  /** A return was submitted (a completed revision saved): the submitter and the organisation's authorisers. */
  | { type: 'submitted'; submissionId: number; revisionId: number }
  /**
   * A draft was sent for sign-off where an authoriser must submit it (decision 0036): the
   * organisation's authorisers. `revisionId` is the draft sent (who sent it, when): once per revision.
   */
  | { type: 'authorisationRequested'; submissionId: number; revisionId: number }
  /**
   * An authoriser sent a draft back to the clerks with a reason (decision 0036): the organisation's
   * data entry clerks. `revisionId` is the draft sent back.
   */
  | { type: 'sentBack'; submissionId: number; revisionId: number; sentBackBy: number; reason: string }
  /** A manager returned a submitted return for correction: the organisation's clerks and authorisers. */
  | { type: 'returned'; submissionId: number; revisionId: number; returnedBy: number; reason: string }
  /**
   * A return was submitted where NHSI authorisation is required for the organisation: the
   * management-organisation users, who give it. `revisionId` is the submitted revision.
   */
  | { type: 'nhsiAuthorisationRequested'; submissionId: number; revisionId: number }
  /**
   * A management-organisation user authorised the official revision (`revisionId`): its submitter and
   * the organisation's authorisers. `authorisedAt` travels with the event because a resubmission
   * clears the submission's own record of it.
   */
  | {
      type: 'nhsiAuthorised';
      submissionId: number;
      revisionId: number;
      authorisedBy: number;
      authorisedAt: string;
    };

/** Events the schedules raise: one per period and instant (open, close or reclose). */
export type PeriodEvent =
  | { type: 'periodOpened'; periodId: number; at: string }
  | { type: 'reminder'; periodId: number; at: string }
  | { type: 'periodSummary'; periodId: number; at: string };

export type NotificationEvent = SubmissionEvent | PeriodEvent;

/** The event's idempotency key: the same event raised twice is one job and one email per person. */
export function eventKey(event: NotificationEvent): string {
  if ('submissionId' in event) return `${event.type}:${event.submissionId}:${event.revisionId}`;
  return `${event.type}:${event.periodId}:${event.at}`;
}

/**
 * How soon an event's emails go, against everything else queued: confirmations and 'period opened'
 * reach many people and nobody waits on them (bulk); anything someone must act on goes before them.
 * A manager's 'Send reminder' is urgent (service.ts).
 */
const EVENT_PRIORITY: Record<NotificationEvent['type'], number> = {
  submitted: JOB_PRIORITY.bulk,
  periodOpened: JOB_PRIORITY.bulk,
  reminder: JOB_PRIORITY.normal,
  periodSummary: JOB_PRIORITY.normal,
  authorisationRequested: JOB_PRIORITY.normal,
  returned: JOB_PRIORITY.normal,
  sentBack: JOB_PRIORITY.normal,
  nhsiAuthorisationRequested: JOB_PRIORITY.normal,
  nhsiAuthorised: JOB_PRIORITY.normal,
};

/**
 * Raises a notification event inside the caller's transaction: the email job exists exactly when the
 * change commits. Who receives what, and whether email is on (EMAILENABLED and the collection's
 * isEmailEnabled), is decided when the job runs.
 */
export async function notify(tx: Tx | Db, event: NotificationEvent): Promise<void> {
  await enqueue(tx, notificationEventJob, event, {
    key: `event:${eventKey(event)}`,
    priority: EVENT_PRIORITY[event.type],
  });
}

/** True when emails go out for this collection: the EMAILENABLED flag and the collection's own switch. */
export async function isEmailOn(db: Db, config: Config, period: PeriodContext): Promise<boolean> {
  if (!period.isEmailEnabled || period.collectionStatus !== 'published') return false;
  return (await getFeatureFlags(db, config)).EMAILENABLED;
}

export function returnLink(config: Config, collectionId: number, organisationId: number, periodId: number) {
  return `${config.publicUrl}/form/collection/${collectionId}/organisation/${organisationId}/reportingPeriod/${periodId}`;
}

type Person = { userId: number; email: string; name: string | null };

function mailTo(
  person: Person,
  key: string,
  eventType: string,
  email: Email,
  scope: { collectionId: number; reportingPeriodId: number; organisationId?: number },
): OutgoingMail {
  return {
    idempotencyKey: `${key}:${person.userId}${scope.organisationId ? `:${scope.organisationId}` : ''}`,
    eventType,
    to: { address: person.email, name: person.name, userId: person.userId },
    subject: email.subject,
    bodyText: email.body,
    collectionId: scope.collectionId,
    organisationId: scope.organisationId ?? null,
    reportingPeriodId: scope.reportingPeriodId,
  };
}

/** Per-organisation emails to submitters (period opened, reminders, chases). */
export function submitterMails(
  config: Config,
  key: string,
  eventType: string,
  period: PeriodContext,
  close: Date,
  submitters: Submitter[],
  template: (c: ReturnContext) => Email,
): OutgoingMail[] {
  return submitters.map((s) =>
    mailTo(
      s,
      key,
      eventType,
      template({
        recipientName: s.name,
        collectionName: period.collectionName,
        periodName: period.periodName,
        organisationName: s.organisationName,
        close,
        link: returnLink(config, period.collectionId, s.organisationId, period.periodId),
      }),
      {
        collectionId: period.collectionId,
        reportingPeriodId: period.periodId,
        organisationId: s.organisationId,
      },
    ),
  );
}

/** The close of the window a submission event happens in: the reclose once the period has reopened. */
function currentClose(period: PeriodContext, at: Date): Date {
  if (period.submissionsReopen && period.submissionsReclose && at >= period.submissionsReopen)
    return period.submissionsReclose;
  return period.submissionsClose;
}

async function mailsForSubmissionEvent(
  db: Db,
  config: Config,
  event: SubmissionEvent,
  ctx: SubmissionContext,
): Promise<OutgoingMail[]> {
  const revision = await findRevision(db, event.revisionId);
  if (!revision) return [];
  const key = eventKey(event);
  const scope = {
    collectionId: ctx.collectionId,
    reportingPeriodId: ctx.periodId,
    organisationId: ctx.organisationId,
  };
  const base = (name: string | null): ReturnContext => ({
    recipientName: name,
    collectionName: ctx.collectionName,
    periodName: ctx.periodName,
    organisationName: ctx.organisationName,
    close: currentClose(ctx, revision.createdAt),
    link: returnLink(config, ctx.collectionId, ctx.organisationId, ctx.periodId),
  });
  /** One mail of this event to each person, written for them from their return context. */
  const mailEach = (people: Person[], write: (context: ReturnContext) => Email) =>
    people.map((p) => mailTo(p, key, event.type, write(base(p.name)), scope));
  const submittedBy = revision.createdByName ?? revision.createdByEmail;
  if (event.type === 'nhsiAuthorisationRequested')
    return mailEach(await findManagementOrganisationUsers(db), (context) =>
      nhsiAuthorisationRequestedEmail({ ...context, submittedBy, submittedAt: revision.createdAt }),
    );
  const authorisers = await findSubmitters(db, {
    collectionId: ctx.collectionId,
    organisationIds: [ctx.organisationId],
    roles: ['Authoriser'],
  });
  const submitter: Person = {
    userId: revision.createdBy,
    email: revision.createdByEmail,
    name: revision.createdByName,
  };
  if (event.type === 'nhsiAuthorised') {
    const authorisedBy = await findUser(db, event.authorisedBy);
    return mailEach(uniquePeople([submitter, ...authorisers]), (context) =>
      nhsiAuthorisedEmail({
        ...context,
        authorisedBy: authorisedBy?.name ?? 'A management organisation user',
        authorisedAt: new Date(event.authorisedAt),
      }),
    );
  }
  if (event.type === 'submitted')
    return mailEach(uniquePeople([submitter, ...authorisers]), (context) =>
      submittedEmail({ ...context, submittedBy, submittedAt: revision.createdAt }),
    );
  if (event.type === 'authorisationRequested')
    return mailEach(
      uniquePeople(authorisers).filter((p) => p.userId !== revision.createdBy),
      (context) => authorisationRequestedEmail({ ...context, requestedBy: submittedBy }),
    );
  if (event.type === 'sentBack') {
    const sentBackBy = await findUser(db, event.sentBackBy);
    const clerks = await findSubmitters(db, {
      collectionId: ctx.collectionId,
      organisationIds: [ctx.organisationId],
      roles: ['DataEntryClerk'],
    });
    return mailEach(
      uniquePeople(clerks).filter((p) => p.userId !== event.sentBackBy),
      (context) =>
        sentBackEmail({ ...context, sentBackBy: sentBackBy?.name ?? 'An authoriser', reason: event.reason }),
    );
  }
  const returnedBy = await findUser(db, event.returnedBy);
  const submitters = await findSubmitters(db, {
    collectionId: ctx.collectionId,
    organisationIds: [ctx.organisationId],
  });
  return mailEach(uniquePeople(submitters), (context) =>
    returnedEmail({
      ...context,
      returnedBy: returnedBy?.name ?? 'A collection manager',
      reason: event.reason,
    }),
  );
}

async function mailsForPeriodEvent(
  db: Db,
  config: Config,
  event: PeriodEvent,
  period: PeriodContext,
): Promise<OutgoingMail[]> {
  const key = eventKey(event);
  const at = new Date(event.at);
  if (event.type === 'periodOpened') {
    const submitters = await findSubmitters(db, {
      collectionId: period.collectionId,
      expectedIn: period.periodId,
    });
    return submitterMails(
      config,
      key,
      event.type,
      period,
      currentClose(period, at),
      submitters,
      periodOpenedEmail,
    );
  }
  if (event.type === 'reminder') {
    // The period may have closed since the schedule raised the reminder: then it says nothing true.
    if (periodStatus(period, new Date()) !== 'Open') return [];
    const submitters = await findSubmitters(db, {
      collectionId: period.collectionId,
      notCompletedIn: period.periodId,
      now: new Date(),
    });
    return submitterMails(config, key, event.type, period, at, submitters, reminderEmail);
  }
  const counts = await findPeriodCounts(db, period.periodId, period.collectionId, at);
  const managers = await findManagers(db, period.collectionId);
  return managers.map((m) =>
    mailTo(
      m,
      key,
      event.type,
      periodSummaryEmail({
        recipientName: m.name,
        collectionName: period.collectionName,
        periodName: period.periodName,
        close: at,
        ...counts,
        link: `${config.publicUrl}/collection/manage/reportingPeriod/${period.periodId}`,
      }),
      { collectionId: period.collectionId, reportingPeriodId: period.periodId },
    ),
  );
}

function uniquePeople<P extends Person>(people: P[]): P[] {
  const seen = new Set<number>();
  return people.filter((p) => !seen.has(p.userId) && seen.add(p.userId));
}

/** The 'notification' job: works out who receives the event's email and puts it in the outbox. */
export async function expandEvent(db: Db, config: Config, event: NotificationEvent): Promise<number> {
  let mails: OutgoingMail[];
  if ('submissionId' in event) {
    const ctx = await findSubmissionContext(db, event.submissionId);
    if (!ctx || !(await isEmailOn(db, config, ctx))) return 0;
    mails = await mailsForSubmissionEvent(db, config, event, ctx);
  } else {
    const period = await findPeriodContext(db, event.periodId);
    if (!period || !(await isEmailOn(db, config, period))) return 0;
    mails = await mailsForPeriodEvent(db, config, event, period);
  }
  return queueMailInBatches(db, mails, EVENT_PRIORITY[event.type]);
}
