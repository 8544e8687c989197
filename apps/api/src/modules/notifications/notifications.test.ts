import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { auditEntries } from '../../../test/support/audit';
import { runJobs as runQueue } from '../../../test/support/jobs';
import {
  insertCollection,
  insertForm,
  insertPeriod,
  insertReturn,
  userIdByEmail,
} from '../../../test/support/returns-fixture';
import { closePeriodNow } from '../../../test/support/submission-fixtures';
import { closeMailTransport, type OutgoingMail, queueMail } from '../../platform/mail';
import { notify } from './events';
import { notificationJobs, notificationSchedules } from './jobs';

/** A real SMTP server on loopback: every message it accepts, with its envelope and headers. */
interface Received {
  to: string[];
  subject: string;
  messageId: string;
  body: string;
}
const received: Received[] = [];
/** Addresses the server refuses once (a mail server's temporary failure). */
const refuseOnce = new Set<string>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (refuseOnce.delete(address.address)) {
      const error = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 450 });
      callback(error);
      return;
    }
    callback();
  },
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    stream.on('end', () => {
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const headers = head.replace(/\r\n[ \t]+/g, ' ');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1] ?? '';
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        subject: header('Subject'),
        messageId: header('Message-ID'),
        body: rest.join('\r\n\r\n').replace(/=\r\n/g, '').replace(/=3D/g, '='),
      });
      callback();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
const t = useTestApp(() => ({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` }));
// The app's mail transport is closed before the app.
afterAll(() => closeMailTransport(t.config));

let demo: number;
const HOUR = 3_600_000;
const now = Date.now();
const ids = {} as Record<
  'form' | 'opening' | 'closing' | 'closed' | 'future' | 'rj1' | 'rgt' | 'clerkA' | 'clerkB',
  number
>;

/** A period of the demo collection on its first form, open from `open` to `close` (ms since the epoch). */
const demoPeriod = (name: string, open: number, close: number) =>
  insertPeriod(t.database.db, {
    collectionId: demo,
    formId: ids.form,
    name,
    open: new Date(open),
    close: new Date(close),
  });

beforeAll(async () => {
  const db = t.database.db;
  demo = await t.demoCollectionId();
  const form = (
    await db.selectFrom('form').select('id').where('collectionId', '=', demo).executeTakeFirstOrThrow()
  ).id;
  ids.form = form;
  ids.opening = await demoPeriod('Opening period', now - 2 * HOUR, now + 10 * 24 * HOUR);
  ids.closing = await demoPeriod('Closing period', now - 3 * 24 * HOUR, now + 24 * HOUR);
  ids.closed = await demoPeriod('Closed period', now - 5 * 24 * HOUR, now - HOUR);
  ids.future = await demoPeriod('Future period', now + 24 * HOUR, now + 5 * 24 * HOUR);
  ids.rj1 = await t.organisationId('RJ1');
  ids.rgt = await t.organisationId('RGT');
  ids.clerkA = await userIdByEmail(db, 'clerk.a@dcf.example');
  ids.clerkB = await userIdByEmail(db, 'clerk.b@dcf.example');
  // RGT has submitted the closing and the closed period's returns; RJ1 has not.
  for (const periodId of [ids.closing, ids.closed])
    await insertReturn(db, {
      collectionId: demo,
      periodId,
      organisationId: ids.rgt,
      formId: form,
      userId: ids.clerkB,
      status: 'completed',
      content: { headcount: 1 },
      at: new Date(now - 2 * 24 * HOUR),
    });
}, 60_000);

beforeEach(() => {
  received.length = 0;
});

/** The notification jobs only (with their schedules when asked), as the service's worker runs them. */
const runJobs = (withSchedules = false) =>
  runQueue(t, { jobs: notificationJobs, schedules: withSchedules ? notificationSchedules : [] });

/** Runs the reminder job's writing of a period's emails by hand, for the day it was chased; the emails it wrote. */
async function writeChaseEmailsOf(periodId: number): Promise<number> {
  const { writeChaseEmails } = await import('./service');
  const db = t.database.db;
  const { chasedOn } = await db
    .selectFrom('chase')
    .select('chasedOn')
    .where('reportingPeriodId', '=', periodId)
    .executeTakeFirstOrThrow();
  return writeChaseEmails(db, t.config, periodId, String(chasedOn));
}

const to = (...people: string[]) => people.map((p) => [p]).sort();
const recipientsOf = (mails: Received[]) => mails.map((m) => m.to).sort();

describe('POST /Collection/{id}/ReportingPeriod/{periodId}/Reminder', () => {
  it('emails only organisations that have not completed, records the chase, and a second press sends nothing', async () => {
    const manager = await t.as('manager');
    const url = `/v1/api/Collection/${demo}/ReportingPeriod/${ids.closing}/Reminder`;
    const first = await manager.post(url, {});
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ chased: 1, alreadyChasedToday: 0, emails: 2 });
    await runJobs();
    expect(recipientsOf(received)).toEqual(to('authoriser.a@dcf.example', 'clerk.a@dcf.example'));
    for (const mail of received) {
      expect(mail.subject).toContain('Reminder: Monthly workforce return for Closing period is due by');
      expect(mail.body).toContain(
        "We have not yet received the Monthly workforce return for Closing period from GUY'S",
      );
      expect(mail.body).toContain(
        `/form/collection/${demo}/organisation/${ids.rj1}/reportingPeriod/${ids.closing}`,
      );
    }

    const second = await manager.post(url, {});
    expect(second.body).toEqual({ chased: 0, alreadyChasedToday: 1, emails: 0 });
    await runJobs();
    expect(received).toHaveLength(2);

    const chases = await manager.get(`/v1/api/Collection/${demo}/Organisation/${ids.rj1}/Chase`);
    expect(chases.status).toBe(200);
    expect(chases.body).toMatchObject([
      {
        reportingPeriodId: ids.closing,
        reportingPeriodName: 'Closing period',
        recipients: 2,
        chasedBy: { name: 'Morgan Manager' },
      },
    ]);
    const audit = await auditEntries(t, 'reminder.send', { entityId: ids.closing });
    expect(audit.map((a) => a.after)).toEqual([
      { chased: 1, alreadyChasedToday: 0, emails: 2, organisationIds: [ids.rj1] },
      { chased: 0, alreadyChasedToday: 1, emails: 0, organisationIds: [] },
    ]);
  });

  it('answers the press once the chases are recorded; the emails are written and sent by the queue after', async () => {
    const db = t.database.db;
    const manager = await t.as('manager');
    const period = await demoPeriod('Queued reminder period', now - 24 * HOUR, now + 48 * HOUR);
    const url = `/v1/api/Collection/${demo}/ReportingPeriod/${period}/Reminder`;
    const pressed = await manager.post(url, {});
    expect(pressed.status).toBe(200);
    expect(pressed.body).toMatchObject({ chased: 2, alreadyChasedToday: 0, emails: 4 });
    // Nothing written yet but the chases and one job: the answer did not wait for 4 (or 15,000) emails.
    const outbox = () =>
      db.selectFrom('mailOutbox').select('status').where('reportingPeriodId', '=', period).execute();
    expect(await outbox()).toEqual([]);
    const jobs = await db
      .selectFrom('job')
      .select(['name', 'priority'])
      .where('key', 'like', `chase:${period}:%`)
      .execute();
    expect(jobs).toEqual([{ name: 'notifications.chase', priority: 0 }]);
    await runJobs();
    expect((await outbox()).map((m) => m.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    expect(received).toHaveLength(4);
    // The job run again (a retry) writes nothing twice.
    expect(await writeChaseEmailsOf(period)).toBe(0);
  });

  it('GET .../Reminder counts whom a press would reach, as the non-submitters list and the press do', async () => {
    const db = t.database.db;
    const manager = await t.as('manager');
    const period = await demoPeriod('Reach period', now - 24 * HOUR, now + 48 * HOUR);
    const url = `/v1/api/Collection/${demo}/ReportingPeriod/${period}/Reminder`;
    const list = (await manager.get(`/v1/api/View/Manager/ReportingPeriod/${period}/NonSubmitters`)).body as {
      items: { contacts: { userId: number }[] }[];
    };
    const reachable = list.items.filter((o) => o.contacts.length > 0);
    const expected = {
      organisations: reachable.length,
      people: new Set(reachable.flatMap((o) => o.contacts.map((c) => c.userId))).size,
      nobodyToEmail: list.items.length - reachable.length,
      alreadyChasedToday: 0,
    };
    expect(expected.organisations).toBeGreaterThan(0);
    const before = await manager.get(url);
    expect(before.status).toBe(200);
    expect(before.body).toEqual(expected);

    // RGT submits: one organisation fewer to chase.
    await insertReturn(db, {
      collectionId: demo,
      periodId: period,
      organisationId: ids.rgt,
      formId: ids.form,
      userId: ids.clerkB,
      status: 'completed',
      content: { headcount: 1 },
      at: new Date(now - HOUR),
    });
    const afterSubmit = (await manager.get(url)).body;
    expect(afterSubmit.organisations).toBe(expected.organisations - 1);

    const pressed = await manager.post(url, {});
    expect(pressed.body).toMatchObject({ chased: afterSubmit.organisations, emails: afterSubmit.people });
    expect((await manager.get(url)).body).toEqual({
      ...afterSubmit,
      alreadyChasedToday: afterSubmit.organisations,
    });
    await runJobs();

    // Refused as the press would be; not for a clerk.
    expect(
      (await manager.get(`/v1/api/Collection/${demo}/ReportingPeriod/${ids.closed}/Reminder`)).status,
    ).toBe(409);
    expect(
      (await manager.get(`/v1/api/Collection/${demo}/ReportingPeriod/${ids.future}/Reminder`)).status,
    ).toBe(409);
    expect((await (await t.as('clerkA')).get(url)).status).toBe(403);
  });

  it('refuses before the period opens and when the collection has email switched off (409)', async () => {
    const manager = await t.as('manager');
    const future = await manager.post(
      `/v1/api/Collection/${demo}/ReportingPeriod/${ids.future}/Reminder`,
      {},
    );
    expect(future.status).toBe(409);
    expect(future.body.code).toBe('window_closed');

    const db = t.database.db;
    const admin = await t.as('collectionAdmin');
    const quiet = await insertCollection(db, { name: 'Quiet collection', isEmailEnabled: false });
    const form = await insertForm(db, quiet, 1, { display: 'form', components: [] });
    const period = await insertPeriod(db, {
      collectionId: quiet,
      formId: form,
      name: 'Q',
      open: new Date(now - HOUR),
      close: new Date(now + HOUR),
    });
    const off = await admin.post(`/v1/api/Collection/${quiet}/ReportingPeriod/${period}/Reminder`, {});
    expect(off.status).toBe(409);
    expect(off.body.code).toBe('feature_disabled');
  });

  it('refuses a closed period (409) and sends nothing; a reminder queued before the close is cancelled, not sent', async () => {
    const manager = await t.as('manager');
    const db = t.database.db;
    const closed = await manager.post(
      `/v1/api/Collection/${demo}/ReportingPeriod/${ids.closed}/Reminder`,
      {},
    );
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('window_closed');
    expect(
      await db.selectFrom('chase').select('id').where('reportingPeriodId', '=', ids.closed).execute(),
    ).toEqual([]);

    // Pressed while open; the period closes before the queue reaches the emails.
    const closingSoon = await demoPeriod('Closing soon period', now - 24 * HOUR, Date.now() + HOUR);
    const pressed = await manager.post(
      `/v1/api/Collection/${demo}/ReportingPeriod/${closingSoon}/Reminder`,
      {},
    );
    expect(pressed.body).toMatchObject({ emails: 4 });
    // The reminder's job has written its emails (as it does at once), but the queue has not sent them.
    expect(await writeChaseEmailsOf(closingSoon)).toBe(4);
    await closePeriodNow(t, closingSoon);
    await runJobs();
    expect(received).toEqual([]);
    const outbox = await db
      .selectFrom('mailOutbox')
      .select('status')
      .where('reportingPeriodId', '=', closingSoon)
      .execute();
    expect(outbox.map((m) => m.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);

    // Closed before the reminder's job even ran: it writes no email at all.
    const closingSooner = await demoPeriod('Closing sooner period', now - 24 * HOUR, Date.now() + HOUR);
    expect(
      (await manager.post(`/v1/api/Collection/${demo}/ReportingPeriod/${closingSooner}/Reminder`, {})).body,
    ).toMatchObject({ emails: 4 });
    await closePeriodNow(t, closingSooner);
    await runJobs();
    expect(
      await db.selectFrom('mailOutbox').select('id').where('reportingPeriodId', '=', closingSooner).execute(),
    ).toEqual([]);
    expect(received).toEqual([]);
  });

  it('is for the collection’s managers: a clerk is refused, a period of another collection is not found', async () => {
    const clerk = await t.as('clerkA');
    expect(
      (await clerk.post(`/v1/api/Collection/${demo}/ReportingPeriod/${ids.closing}/Reminder`, {})).status,
    ).toBe(403);
    const admin = await t.as('superAdmin');
    expect(
      (await admin.post(`/v1/api/Collection/${demo + 1000}/ReportingPeriod/${ids.closing}/Reminder`, {}))
        .status,
    ).toBe(404);
  });
});

describe('notify(tx, event): emails raised by the submissions workflow', () => {
  it('submitted: the submitter and the organisation’s authorisers, once each even if raised twice', async () => {
    const db = t.database.db;
    const { submissionId, revisionId } = await insertReturn(db, {
      collectionId: demo,
      periodId: ids.opening,
      organisationId: ids.rgt,
      formId: ids.form,
      userId: ids.clerkB,
      status: 'completed',
      content: { headcount: 3 },
    });
    await db.transaction().execute((tx) => notify(tx, { type: 'submitted', submissionId, revisionId }));
    await db.transaction().execute((tx) => notify(tx, { type: 'submitted', submissionId, revisionId }));
    await runJobs();
    await runJobs();
    expect(recipientsOf(received)).toEqual(to('authoriser.b@dcf.example', 'clerk.b@dcf.example'));
    expect(received[0]?.subject).toBe(
      'Monthly workforce return: Opening period return submitted for CAMBRIDGE UNIVERSITY HOSPITALS NHS FOUNDATION TRUST',
    );
    expect(received[0]?.body).toContain('Bea Clerk submitted the Monthly workforce return');
    // One Message-ID per recipient, derived from the event: a receiving server can spot a resend too.
    expect(new Set(received.map((m) => m.messageId)).size).toBe(2);
  });

  it('authorisation requested: the organisation’s authorisers only', async () => {
    const db = t.database.db;
    const { submissionId, revisionId } = await insertReturn(db, {
      collectionId: demo,
      periodId: ids.opening,
      organisationId: ids.rj1,
      formId: ids.form,
      userId: ids.clerkA,
      status: 'draft',
      content: { headcount: 4 },
    });
    await db
      .transaction()
      .execute((tx) => notify(tx, { type: 'authorisationRequested', submissionId, revisionId }));
    await runJobs();
    expect(recipientsOf(received)).toEqual(to('authoriser.a@dcf.example'));
    expect(received[0]?.subject).toContain('needs your authorisation');

    received.length = 0;
    const managerId = await userIdByEmail(db, 'manager@dcf.example');
    await db.transaction().execute((tx) =>
      notify(tx, {
        type: 'returned',
        submissionId,
        revisionId,
        returnedBy: managerId,
        reason: 'Headcount looks too low.',
      }),
    );
    await runJobs();
    expect(recipientsOf(received)).toEqual(to('authoriser.a@dcf.example', 'clerk.a@dcf.example'));
    expect(received[0]?.body).toContain('Morgan Manager has returned');
    expect(received[0]?.body).toContain('Headcount looks too low.');
  });

  it('a rolled-back change raises nothing; EMAILENABLED off sends nothing', async () => {
    const db = t.database.db;
    const { submissionId, revisionId } = await insertReturn(db, {
      collectionId: demo,
      periodId: ids.future,
      organisationId: ids.rgt,
      formId: ids.form,
      userId: ids.clerkB,
      status: 'completed',
      content: {},
    });
    await db
      .transaction()
      .execute(async (tx) => {
        await notify(tx, { type: 'submitted', submissionId, revisionId });
        throw new Error('the save failed');
      })
      .catch(() => {});
    await runJobs();
    expect(received).toHaveLength(0);

    const superAdmin = await t.as('superAdmin');
    expect((await superAdmin.put('/v1/api/FeatureFlag/EMAILENABLED', { enabled: false })).status).toBe(200);
    await notify(db, { type: 'submitted', submissionId, revisionId });
    await runJobs();
    expect(received).toHaveLength(0);
    await superAdmin.put('/v1/api/FeatureFlag/EMAILENABLED', { enabled: true });
  });
});

describe('scheduled emails (cron in Europe/London)', () => {
  it('period opened to every submitter, reminder to organisations not completed, summary to managers; run twice, sent once', async () => {
    await runJobs(true);
    await runJobs(true);
    const about = (period: string) => received.filter((m) => m.subject.includes(period));
    expect(recipientsOf(about('Opening period is open'))).toEqual(
      to(
        'authoriser.a@dcf.example',
        'authoriser.b@dcf.example',
        'clerk.a@dcf.example',
        'clerk.b@dcf.example',
      ),
    );
    expect(recipientsOf(about('Reminder: Monthly workforce return for Closing period'))).toEqual(
      to('authoriser.a@dcf.example', 'clerk.a@dcf.example'),
    );
    const summaries = about('Closed period has closed');
    expect(recipientsOf(summaries)).toEqual(to('manager@dcf.example', 'submission.manager@dcf.example'));
    expect(summaries[0]?.subject).toBe(
      'Monthly workforce return: Closed period has closed (1 of 2 received)',
    );
    expect(summaries[0]?.body).toContain('Returns received: 1 (1 on time)');
  });
  it('a scheduled reminder for a period that closed before the job ran emails nobody', async () => {
    const db = t.database.db;
    const period = await demoPeriod('Closed before the reminder ran', now - 24 * HOUR, Date.now() - 1000);
    // Raised while the period was open (the 09:00 run), run after it closed.
    await notify(db, { type: 'reminder', periodId: period, at: new Date(now + HOUR).toISOString() });
    await runJobs();
    expect(received).toEqual([]);
    expect(
      await db.selectFrom('mailOutbox').select('id').where('reportingPeriodId', '=', period).execute(),
    ).toEqual([]);
  });
});

describe('delivery', () => {
  it('a refused email is retried later and then delivered once; the others are not sent again', async () => {
    const db = t.database.db;
    const { submissionId, revisionId } = await insertReturn(db, {
      collectionId: demo,
      periodId: ids.closed,
      organisationId: ids.rj1,
      formId: ids.form,
      userId: ids.clerkA,
      status: 'completed',
      content: { headcount: 8 },
    });
    refuseOnce.add('authoriser.a@dcf.example');
    await notify(db, { type: 'submitted', submissionId, revisionId });
    await runJobs();
    expect(recipientsOf(received)).toEqual(to('clerk.a@dcf.example'));
    const waiting = await db
      .selectFrom('mailOutbox')
      .select(['id', 'status', 'attempts', 'lastError'])
      .where('toAddress', '=', 'authoriser.a@dcf.example')
      .where('eventType', '=', 'submitted')
      .where('reportingPeriodId', '=', ids.closed)
      .executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.lastError).toContain('Mailbox busy');

    // The back-off has passed: the retry delivers it, and nothing else goes twice.
    // Its batch's job failed (one of its emails was refused): it runs again once its back-off has passed.
    await sql`update job set run_at = now() where name = 'mail.sendBatch'
      and data->'outboxIds' @> ${JSON.stringify([waiting.id])}::jsonb`.execute(db);
    await runJobs();
    expect(recipientsOf(received)).toEqual(to('authoriser.a@dcf.example', 'clerk.a@dcf.example'));
    const sent = await db
      .selectFrom('mailOutbox')
      .select(['status', 'attempts'])
      .where('id', '=', waiting.id)
      .executeTakeFirstOrThrow();
    expect(sent).toEqual({ status: 'sent', attempts: 2 });
  });
});

describe('delivery in batches', () => {
  it('queues one job per 50 emails and delivers each email once over the pooled connections', async () => {
    const db = t.database.db;
    const mails: OutgoingMail[] = Array.from({ length: 120 }, (_, i) => ({
      idempotencyKey: `batch-test:${i}`,
      eventType: 'submitted',
      to: { address: `batch.${i}@dcf.example`, name: null, userId: null },
      subject: `Batch ${i}`,
      bodyText: 'One of many',
      reportingPeriodId: ids.closed,
    }));
    expect(await db.transaction().execute((tx) => queueMail(tx, mails))).toBe(120);
    const jobs = await db
      .selectFrom('job')
      .select(['key', 'data'])
      .where('name', '=', 'mail.sendBatch')
      .where('status', '=', 'pending')
      .orderBy('id')
      .execute();
    expect(jobs.map((j) => (j.data as { outboxIds: number[] }).outboxIds.length)).toEqual([50, 50, 20]);
    // Queued twice (an event raised again): nothing new.
    expect(await db.transaction().execute((tx) => queueMail(tx, mails))).toBe(0);
    await runJobs();
    const batch = received.filter((m) => m.subject.startsWith('Batch '));
    expect(batch).toHaveLength(120);
    expect(new Set(batch.map((m) => m.messageId)).size).toBe(120);
    const statuses = await db
      .selectFrom('mailOutbox')
      .select(['status', 'attempts', 'messageId'])
      .where('idempotencyKey', 'like', 'batch-test:%')
      .execute();
    expect(statuses.every((s) => s.status === 'sent' && s.attempts === 1 && s.messageId)).toBe(true);
    // A job run again (a lost worker's retry) sends nothing twice.
    await db
      .updateTable('job')
      .set({ status: 'pending', runAt: new Date() })
      .where('key', '=', jobs[0]!.key)
      .execute();
    await runJobs();
    expect(received.filter((m) => m.subject.startsWith('Batch '))).toHaveLength(120);
  });
});

describe('GET /MailOutbox', () => {
  it('lists every email for administrators, newest first, searchable, and refuses everyone else', async () => {
    const admin = await t.as('collectionAdmin');
    const page = await admin.get('/v1/api/MailOutbox?search=Closed%20period%20has%20closed&pageSize=5');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2);
    expect(page.body.items[0]).toMatchObject({ eventType: 'periodSummary', status: 'sent', attempts: 1 });
    expect((await (await t.as('manager')).get('/v1/api/MailOutbox')).status).toBe(403);
  });
});
