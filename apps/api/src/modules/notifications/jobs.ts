import type { Db } from '../../db/database';
import type { JobHandlers, JobSchedule } from '../../platform/jobs';
import { deliverMail, MAIL_SEND_JOB } from '../../platform/mail';
import { expandEvent, NOTIFICATION_JOB, type NotificationEvent, notify, type PeriodEvent } from './events';
import { findPeriodsWith } from './queries';

const HOUR = 3_600_000;
const LONDON = 'Europe/London';

/** Period opened (and reopened) emails and the managers' summary after close: checked every 15 minutes. */
const FREQUENT_JOB = 'notifications.frequent';
/** Reminders N days before close: once a day at 09:00 London time, so they arrive in working hours. */
const DAILY_JOB = 'notifications.daily';

export const notificationSchedules: JobSchedule[] = [
  { name: FREQUENT_JOB, cron: '*/15 * * * *', tz: LONDON },
  { name: DAILY_JOB, cron: '0 9 * * *', tz: LONDON },
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

/** Every job this module runs, by name. */
export const notificationJobHandlers: JobHandlers = {
  [NOTIFICATION_JOB]: async (data, { db, config }) => {
    await expandEvent(db, config, data as unknown as NotificationEvent);
  },
  [MAIL_SEND_JOB]: deliverMail,
  [FREQUENT_JOB]: async (_data, { db, now }) => raiseOpenedAndSummaries(db, now),
  [DAILY_JOB]: async (_data, { db, config, now }) =>
    raiseReminders(db, now, config.mail.reminderDaysBeforeClose),
};
