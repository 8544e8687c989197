import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { JobHandler, PayloadOf } from '../jobs';
import type { mailSendBatchJob, mailSendJob } from './outbox';
import { mailTransport } from './transport';

/** Attempts per email before it is marked failed (each attempt is one job run; the queue backs off). */
const MAX_ATTEMPTS = 5;

/** What a delivery knows of an email before sending it. */
export interface MailToDeliver {
  id: number;
  eventType: string;
  reportingPeriodId: number | null;
}

/**
 * Asked just before the SMTP conversation: true when the email is no longer true (a reminder for a
 * period that has closed since it was queued). Such a row becomes 'cancelled' and is not sent. Its
 * answer may depend only on the event type and the period: a batch asks once per pair.
 */
export type IsMailObsolete = (db: Db, mail: MailToDeliver) => Promise<boolean>;

interface Claimed extends MailToDeliver {
  idempotencyKey: string;
  toAddress: string;
  toName: string | null;
  subject: string;
  bodyText: string;
  attempts: number;
}

/** The rows still queued among `ids`, moved to 'sending' in a statement of their own (committed). */
async function claim(db: Db, ids: readonly number[]) {
  const { rows } = await sql<Claimed>`
    update mail_outbox set status = 'sending', attempts = attempts + 1
    where id = any(${[...ids]}::bigint[]) and status = 'queued'
    returning id, idempotency_key as "idempotencyKey", to_address as "toAddress", to_name as "toName",
      subject, body_text as "bodyText", attempts, event_type as "eventType",
      reporting_period_id as "reportingPeriodId"
  `.execute(db);
  return rows;
}

/** The Message-ID, derived from the idempotency key: a receiving server can recognise a duplicate too. */
function messageIdOf(idempotencyKey: string, publicUrl: string) {
  const domain = new URL(publicUrl).hostname || 'dcf.localhost';
  return `<${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}@${domain}>`;
}

async function setStatus(db: Db, ids: number[], status: 'cancelled' | 'kept') {
  if (ids.length > 0) await db.updateTable('mailOutbox').set({ status }).where('id', 'in', ids).execute();
}

/**
 * Delivers outbox rows, a batch per job (decision 0034: a national email is 15,000 rows). 'Never
 * twice': the rows move queued -> sending in their own committed statement before any SMTP
 * conversation, and only queued rows are taken; each is then sent over the pooled transport (all of the
 * batch at once: the pool runs as many conversations as it has connections) and marked sent in one
 * statement. A row the SMTP server refuses goes back to queued (failed after MAX_ATTEMPTS) and the job
 * fails, so the queue retries it later with back-off, taking only what is still queued. If the process
 * dies mid-batch, its rows stay 'sending' (not resent; the outbox screen shows them).
 */
export const deliverMails =
  (isObsolete: IsMailObsolete = async () => false): JobHandler<PayloadOf<typeof mailSendBatchJob>> =>
  async ({ outboxIds }, { db, config }) => {
    const mails = await claim(db, outboxIds);
    if (mails.length === 0) return;
    const verdicts = new Map<string, Promise<boolean>>();
    const obsolete: number[] = [];
    const live: Claimed[] = [];
    for (const mail of mails) {
      const key = `${mail.eventType}:${mail.reportingPeriodId}`;
      if (!verdicts.has(key)) verdicts.set(key, isObsolete(db, mail));
      if (await verdicts.get(key)) obsolete.push(mail.id);
      else live.push(mail);
    }
    await setStatus(db, obsolete, 'cancelled');
    const transport = mailTransport(config);
    if (!transport)
      return setStatus(
        db,
        live.map((m) => m.id),
        'kept',
      );

    const outcomes = await Promise.allSettled(
      live.map(async (mail) => {
        const messageId = messageIdOf(mail.idempotencyKey, config.publicUrl);
        await transport.sendMail({
          from: config.mail.from,
          to: mail.toName ? { name: mail.toName, address: mail.toAddress } : mail.toAddress,
          subject: mail.subject,
          text: mail.bodyText,
          messageId,
        });
        return messageId;
      }),
    );
    const sent = { ids: [] as number[], messageIds: [] as string[] };
    const refused = { ids: [] as number[], statuses: [] as string[], errors: [] as string[] };
    outcomes.forEach((outcome, i) => {
      const mail = live[i]!;
      if (outcome.status === 'fulfilled') {
        sent.ids.push(mail.id);
        sent.messageIds.push(outcome.value);
      } else {
        refused.ids.push(mail.id);
        refused.statuses.push(mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued');
        refused.errors.push(String(outcome.reason).slice(0, 2000));
      }
    });
    if (sent.ids.length > 0)
      await sql`
        update mail_outbox m set status = 'sent', sent_at = now(), message_id = x.message_id, last_error = null
        from unnest(${sent.ids}::bigint[], ${sent.messageIds}::text[]) as x (id, message_id)
        where m.id = x.id`.execute(db);
    if (refused.ids.length > 0) {
      await sql`
        update mail_outbox m set status = x.status, last_error = x.error
        from unnest(${refused.ids}::bigint[], ${refused.statuses}::text[], ${refused.errors}::text[])
          as x (id, status, error)
        where m.id = x.id`.execute(db);
      const retried = refused.statuses.filter((s) => s === 'queued').length;
      // Throwing makes the queue try again later: only the rows put back to queued are taken then.
      if (retried > 0)
        throw new Error(`${retried} of ${live.length} emails refused, retried later: ${refused.errors[0]}`);
    }
  };

/** One outbox row per job: the delivery jobs queued before batches (decision 0034) still run. */
export const deliverMail = (isObsolete?: IsMailObsolete): JobHandler<PayloadOf<typeof mailSendJob>> => {
  const batch = deliverMails(isObsolete);
  return ({ outboxId }, ctx) => batch({ outboxIds: [outboxId] }, ctx);
};
