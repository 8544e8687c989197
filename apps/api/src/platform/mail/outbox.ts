import type { Db, Tx } from '../../db/database';
import { enqueueMany, JOB_PRIORITY } from '../jobs';

/** The job that delivers one outbox row (platform/mail/deliver.ts). */
export const MAIL_SEND_JOB = 'mail.send';

export interface OutgoingMail {
  /** One per event and recipient: the same key twice is one email. */
  idempotencyKey: string;
  eventType: string;
  to: { address: string; name: string | null; userId: number | null };
  subject: string;
  bodyText: string;
  collectionId?: number | null;
  organisationId?: number | null;
  reportingPeriodId?: number | null;
}

/** Rows per INSERT (12 values each, well under PostgreSQL's 65,535 parameters). */
const BATCH = 1000;

/**
 * Writes emails to the outbox and queues their delivery, in the caller's transaction. An email whose
 * idempotency key is in the outbox already is skipped, so raising an event twice sends once.
 * Their delivery jobs get `priority` (JOB_PRIORITY). Returns how many emails were new.
 */
export async function queueMail(
  tx: Db | Tx,
  mails: OutgoingMail[],
  priority: number = JOB_PRIORITY.normal,
): Promise<number> {
  let added = 0;
  for (let i = 0; i < mails.length; i += BATCH) {
    const rows = await tx
      .insertInto('mailOutbox')
      .values(
        mails.slice(i, i + BATCH).map((m) => ({
          idempotencyKey: m.idempotencyKey,
          eventType: m.eventType,
          toAddress: m.to.address,
          toName: m.to.name,
          toUserId: m.to.userId,
          subject: m.subject,
          bodyText: m.bodyText,
          collectionId: m.collectionId ?? null,
          organisationId: m.organisationId ?? null,
          reportingPeriodId: m.reportingPeriodId ?? null,
        })),
      )
      .onConflict((oc) => oc.column('idempotencyKey').doNothing())
      .returning('id')
      .execute();
    await enqueueMany(
      tx,
      rows.map((r) => ({ name: MAIL_SEND_JOB, key: `mail:${r.id}`, data: { outboxId: r.id }, priority })),
    );
    added += rows.length;
  }
  return added;
}
