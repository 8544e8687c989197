import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { JobHandler } from '../jobs';
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
 * period that has closed since it was queued). Such a row becomes 'cancelled' and is not sent.
 */
export type IsMailObsolete = (db: Db, mail: MailToDeliver) => Promise<boolean>;

/**
 * The job that delivers one outbox row. 'Never twice': the row moves queued -> sending in its own committed
 * statement before the SMTP conversation, and only a queued row is taken. If SMTP refuses, it goes
 * back to queued and the job is retried; if the process dies mid-send it stays 'sending' (not resent;
 * the outbox screen shows it). The Message-ID is derived from the idempotency key, so a receiving
 * server can recognise a duplicate as well.
 */
export const deliverMail =
  (isObsolete: IsMailObsolete = async () => false): JobHandler =>
  async (data, { db, config }) => {
    const outboxId = Number(data.outboxId);
    const { rows } = await sql<{
      id: number;
      idempotencyKey: string;
      toAddress: string;
      toName: string | null;
      subject: string;
      bodyText: string;
      attempts: number;
      eventType: string;
      reportingPeriodId: number | null;
    }>`
    update mail_outbox set status = 'sending', attempts = attempts + 1
    where id = ${outboxId} and status = 'queued'
    returning id, idempotency_key as "idempotencyKey", to_address as "toAddress", to_name as "toName",
      subject, body_text as "bodyText", attempts, event_type as "eventType",
      reporting_period_id as "reportingPeriodId"
  `.execute(db);
    const mail = rows[0];
    if (!mail) return;
    if (await isObsolete(db, mail)) {
      await db.updateTable('mailOutbox').set({ status: 'cancelled' }).where('id', '=', mail.id).execute();
      return;
    }
    const transport = mailTransport(config);
    if (!transport) {
      await db.updateTable('mailOutbox').set({ status: 'kept' }).where('id', '=', mail.id).execute();
      return;
    }
    const domain = new URL(config.publicUrl).hostname || 'dcf.localhost';
    const messageId = `<${createHash('sha256').update(mail.idempotencyKey).digest('hex').slice(0, 32)}@${domain}>`;
    try {
      await transport.sendMail({
        from: config.mail.from,
        to: mail.toName ? { name: mail.toName, address: mail.toAddress } : mail.toAddress,
        subject: mail.subject,
        text: mail.bodyText,
        messageId,
      });
    } catch (error) {
      const failed = mail.attempts >= MAX_ATTEMPTS;
      await db
        .updateTable('mailOutbox')
        .set({ status: failed ? 'failed' : 'queued', lastError: String(error).slice(0, 2000) })
        .where('id', '=', mail.id)
        .execute();
      if (!failed) throw error;
      return;
    }
    await db
      .updateTable('mailOutbox')
      .set({ status: 'sent', sentAt: new Date(), messageId, lastError: null })
      .where('id', '=', mail.id)
      .execute();
  };
