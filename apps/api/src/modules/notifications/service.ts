import {
  type ChaseDto,
  londonToday,
  messages,
  type OutboxPage,
  type OutboxQuery,
  periodStatus,
  type ReminderReach,
  type SendReminderBody,
  type SendReminderResult,
} from '@dcf/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import { enqueue, JOB_PRIORITY } from '../../platform/jobs';
import { queueMailInBatches } from '../../platform/mail';
import type { Principal } from '../../platform/principal';
import { chaseJob } from './chase-job';
import { isEmailOn, submitterMails } from './events';
import {
  chaseNotCompleted,
  countReminderReach,
  findChases,
  findOutboxPage,
  findPeriodContext,
  findSubmitters,
} from './queries';
import { reminderEmail } from './templates';

/** The period a reminder may be sent for now: open, email on; otherwise the refusal the route answers. */
async function openPeriodWithEmail(
  db: Db,
  config: Config,
  collectionId: number,
  periodId: number,
  now: Date,
) {
  const period = await findPeriodContext(db, periodId);
  if (!period || period.collectionId !== collectionId) throw notFound();
  const status = periodStatus(period, now);
  if (status === 'Future') throw conflict('window_closed', messages.reminderPeriodNotOpen);
  // A reminder for a closed period would name a past deadline and link to a form that refuses entry.
  if (status === 'Closed') throw conflict('window_closed', messages.reminderPeriodClosed);
  if (!(await isEmailOn(db, config, period))) throw conflict('feature_disabled', messages.emailSwitchedOff);
  return period;
}

/**
 * 'Send reminder' for a period: chases every organisation (or the ones named) whose return is not
 * completed and that has a clerk or authoriser to email, and records one chase per organisation on its
 * history; an organisation is chased at most once a day (London): pressing twice sends once. The
 * press is answered as soon as the chases are recorded (one statement, whatever the number of
 * organisations); a job writes the emails and the queue sends them (decision 0034).
 */
export async function sendReminder(
  db: Db,
  config: Config,
  principal: Principal,
  collectionId: number,
  periodId: number,
  body: SendReminderBody,
  requestId: string,
): Promise<SendReminderResult> {
  const now = new Date();
  await openPeriodWithEmail(db, config, collectionId, periodId, now);
  const today = londonToday(now);
  return db.transaction().execute(async (tx) => {
    const outcome = await chaseNotCompleted(
      tx,
      {
        collectionId,
        notCompletedIn: periodId,
        now,
        ...(body.organisationIds ? { organisationIds: body.organisationIds } : {}),
      },
      { chasedBy: principal.userId, chasedOn: today },
    );
    const chased = outcome.organisationIds.length;
    if (chased > 0)
      await enqueue(
        tx,
        chaseJob,
        { periodId, chasedOn: today },
        { key: `chase:${periodId}:${today}:${outcome.lastChaseId}` },
      );
    const result = { chased, alreadyChasedToday: outcome.reached - chased, emails: outcome.emails };
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'reminder.send',
      entityType: 'reportingPeriod',
      entityId: periodId,
      collectionId,
      after: { ...result, organisationIds: outcome.organisationIds },
      requestId,
    });
    return result;
  });
}

/**
 * The reminder's emails (the chase job): the clerks and authorisers of the organisations chased that
 * day for the period and still not completed. Keyed per day, person and organisation, so a job run
 * twice, or two presses the same day, email each person once. Nothing once the period has closed.
 */
export async function writeChaseEmails(db: Db, config: Config, periodId: number, chasedOn: string) {
  const period = await findPeriodContext(db, periodId);
  const now = new Date();
  if (!period || periodStatus(period, now) !== 'Open' || !(await isEmailOn(db, config, period))) return 0;
  const submitters = await findSubmitters(db, {
    collectionId: period.collectionId,
    notCompletedIn: periodId,
    chasedOn,
    now,
  });
  const close =
    period.submissionsReopen && period.submissionsReclose && now >= period.submissionsReopen
      ? period.submissionsReclose
      : period.submissionsClose;
  const mails = submitterMails(
    config,
    `chase:${periodId}:${chasedOn}`,
    'chase',
    period,
    close,
    submitters,
    reminderEmail,
  );
  return queueMailInBatches(db, mails, JOB_PRIORITY.urgent);
}

/** Whom a reminder sent now would reach: the confirmation's counts (refused as the press would be). */
export async function getReminderReach(
  db: Db,
  config: Config,
  collectionId: number,
  periodId: number,
): Promise<ReminderReach> {
  const now = new Date();
  await openPeriodWithEmail(db, config, collectionId, periodId, now);
  const counts = await countReminderReach(db, { collectionId, periodId, now, today: londonToday(now) });
  return {
    organisations: counts.organisations,
    people: counts.people,
    nobodyToEmail: counts.notCompleted - counts.organisations,
    alreadyChasedToday: counts.alreadyChasedToday,
  };
}

/** An organisation's chases in a collection, newest first (its chase history). */
export async function listChases(db: Db, collectionId: number, organisationId: number): Promise<ChaseDto[]> {
  const rows = await findChases(db, collectionId, organisationId);
  return rows.map((r) => ({
    id: r.id,
    reportingPeriodId: r.reportingPeriodId,
    reportingPeriodName: r.reportingPeriodName,
    organisationId: r.organisationId,
    chasedOn: r.chasedOn,
    chasedAt: r.createdAt.toISOString(),
    chasedBy: r.userId === null ? null : { id: r.userId, name: r.userName ?? r.userEmail ?? '' },
    recipients: r.recipients,
  }));
}

/** The outbox for administrators, newest first, paged in SQL. */
export async function listOutbox(db: Db, query: OutboxQuery): Promise<OutboxPage> {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? 20);
  const { items, total } = await findOutboxPage(db, {
    page,
    pageSize,
    newestFirst: query.sortOrder !== 'ASC',
    ...(query.status ? { status: query.status } : {}),
    ...(query.search ? { search: query.search } : {}),
  });
  return {
    items: items.map((i) => ({
      ...i,
      createdAt: i.createdAt.toISOString(),
      sentAt: i.sentAt ? new Date(i.sentAt).toISOString() : null,
    })),
    total,
  };
}
