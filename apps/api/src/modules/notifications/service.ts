import {
  type ChaseDto,
  londonToday,
  messages,
  type OutboxPage,
  type OutboxQuery,
  periodStatus,
  type SendReminderBody,
  type SendReminderResult,
} from '@dcf/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import { JOB_PRIORITY } from '../../platform/jobs';
import { queueMail } from '../../platform/mail';
import type { Principal } from '../../platform/principal';
import { isEmailOn, submitterMails } from './events';
import {
  findChases,
  findOutboxPage,
  findPeriodContext,
  findSubmitters,
  insertChasesOncePerDay,
} from './queries';
import { reminderEmail } from './templates';

/**
 * 'Send reminder' for a period: emails the clerks and authorisers of every organisation (or of the
 * ones named) whose return is not completed, and records one chase per organisation on its history.
 * An organisation is chased at most once a day (London): pressing the button twice sends once.
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
  const period = await findPeriodContext(db, periodId);
  if (!period || period.collectionId !== collectionId) throw notFound();
  const now = new Date();
  const status = periodStatus(period, now);
  if (status === 'Future') throw conflict('window_closed', messages.reminderPeriodNotOpen);
  // A reminder for a closed period would name a past deadline and link to a form that refuses entry.
  if (status === 'Closed') throw conflict('window_closed', messages.reminderPeriodClosed);
  if (!(await isEmailOn(db, config, period))) throw conflict('feature_disabled', messages.emailSwitchedOff);
  const today = londonToday(now);

  return db.transaction().execute(async (tx) => {
    const submitters = await findSubmitters(tx, {
      collectionId,
      notCompletedIn: periodId,
      now,
      ...(body.organisationIds ? { organisationIds: body.organisationIds } : {}),
    });
    const recipientsByOrganisation = new Map<number, number>();
    for (const s of submitters)
      recipientsByOrganisation.set(
        s.organisationId,
        (recipientsByOrganisation.get(s.organisationId) ?? 0) + 1,
      );

    const entries = [...recipientsByOrganisation];
    const chased = await insertChasesOncePerDay(
      tx,
      entries.map(([organisationId, recipients]) => ({
        collectionId,
        reportingPeriodId: periodId,
        organisationId,
        chasedBy: principal.userId,
        chasedOn: today,
        recipients,
      })),
    );

    const close =
      period.submissionsReopen && period.submissionsReclose && now >= period.submissionsReopen
        ? period.submissionsReclose
        : period.submissionsClose;
    const emails = await queueMail(
      tx,
      submitterMails(
        config,
        `chase:${periodId}:${today}`,
        'chase',
        period,
        close,
        submitters.filter((s) => chased.has(s.organisationId)),
        reminderEmail,
      ),
      // A manager is waiting: these go before any queue of bulk confirmations.
      JOB_PRIORITY.urgent,
    );
    const result = { chased: chased.size, alreadyChasedToday: entries.length - chased.size, emails };
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'reminder.send',
      entityType: 'reportingPeriod',
      entityId: periodId,
      collectionId,
      after: { ...result, organisationIds: [...chased] },
      requestId,
    });
    return result;
  });
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
