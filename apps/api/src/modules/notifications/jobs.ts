import { periodStatus } from '@dcf/domain';
import type { Db } from '../../db/database';
import { defineScheduledJobKind, type JobSchedule, jobHandler } from '../../platform/jobs';
import {
  deliverMail,
  deliverMails,
  type IsMailObsolete,
  mailSendBatchJob,
  mailSendJob,
} from '../../platform/mail';
import { chaseJob } from './chase-job';
import { notificationEventJob } from './event-job';
import { expandEvent, notify, type PeriodEvent } from './events';
import { findPeriodContext, findPeriodsWith } from './queries';
import { writeChaseEmails } from './service';

const HOUR = 3_600_000;
const LONDON = 'Europe/London';

/** Period opened (and reopened) emails and the managers' summary after close: checked every 15 minutes. */
const frequentJob = defineScheduledJobKind('notifications.frequent');
/** Reminders N days before close: once a day at 09:00 London time, so they arrive in working hours. */
const dailyJob = defineScheduledJobKind('notifications.daily');

export const notificationSchedules: JobSchedule[] = [
  { kind: frequentJob, cron: '*/15 * * * *', tz: LONDON },
  { kind: dailyJob, cron: '0 9 * * *', tz: LONDON },
];

/**
 * Opens and closes that happened in the last day raise their event (a later check, or a second
 * instance, raises the same key and adds nothing; a start after a short outage still catches up).
 */
async function raiseOpenedAndSummaries(db: Db, now: Date): Promise<void> {
  const since = new Date(now.getTime() - 24 * HOUR);
  const events: PeriodEvent[] = [];
  for (const column of ['submissions_open', 'submissions_reopen'] as const)
    for (const p of await findPeriodsWith(db, column, since, now))
      events.push({ type: 'periodOpened', periodId: p.periodId, at: p.at.toISOString() });
  for (const column of ['submissions_close', 'submissions_reclose'] as const)
    for (const p of await findPeriodsWith(db, column, since, now))
      events.push({ type: 'periodSummary', periodId: p.periodId, at: p.at.toISOString() });
  for (const event of events) await notify(db, event);
}

/** Periods that close within the next N days and are open now raise one reminder per close. */
async function raiseReminders(db: Db, now: Date, daysBeforeClose: number): Promise<void> {
  const until = new Date(now.getTime() + daysBeforeClose * 24 * HOUR);
  // A run that starts late (after an outage) never reminds about a period that has closed since.
  const from = new Date(Math.max(now.getTime(), Date.now()));
  const closing = [
    ...(await findPeriodsWith(db, 'submissions_close', from, until)).filter((p) => p.submissionsOpen <= now),
    ...(await findPeriodsWith(db, 'submissions_reclose', from, until)).filter(
      (p) => p.submissionsReopen !== null && p.submissionsReopen <= now,
    ),
  ];
  for (const p of closing)
    await notify(db, { type: 'reminder', periodId: p.periodId, at: p.at.toISOString() });
}

/** Reminders and chases say 'your return is due': never true once the period has closed. */
const REMINDER_EVENTS = new Set(['reminder', 'chase']);

/**
 * Checked at delivery: a reminder or chase whose period closed after it was queued (a long queue, a
 * retry after a refusal) is cancelled rather than sent with a past deadline.
 */
export const isReminderForClosedPeriod: IsMailObsolete = async (db, mail) => {
  if (!REMINDER_EVENTS.has(mail.eventType) || mail.reportingPeriodId === null) return false;
  const period = await findPeriodContext(db, mail.reportingPeriodId);
  return !period || periodStatus(period, new Date()) !== 'Open';
};

/** Every job this module runs, each kind with its handler. */
export const notificationJobs = [
  jobHandler(notificationEventJob, async (event, { db, config }) => {
    await expandEvent(db, config, event);
  }),
  jobHandler(chaseJob, async ({ periodId, chasedOn }, { db, config }) => {
    await writeChaseEmails(db, config, periodId, chasedOn);
  }),
  jobHandler(mailSendBatchJob, deliverMails(isReminderForClosedPeriod)),
  jobHandler(mailSendJob, deliverMail(isReminderForClosedPeriod)),
  jobHandler(frequentJob, async (_payload, { db, now }) => raiseOpenedAndSummaries(db, now)),
  jobHandler(dailyJob, async (_payload, { db, config, now }) =>
    raiseReminders(db, now, config.mail.reminderDaysBeforeClose),
  ),
];
