import { z } from 'zod';
import type { Db, Tx } from '../../db/database';
import { defineJobKind, enqueueMany, JOB_PRIORITY } from '../jobs';

const outboxId = z.number().int().positive();

/** The job that delivered one outbox row, before batches: those still queued run (deliver.ts). */
export const mailSendJob = defineJobKind('mail.send', z.object({ outboxId }));

/** How many outbox rows one delivery job sends (decision 0034). */
export const SEND_BATCH = 50;

/** The job that delivers a batch of outbox rows (platform/mail/deliver.ts). */
export const mailSendBatchJob = defineJobKind(
  'mail.sendBatch',
  z.object({ outboxIds: z.array(outboxId).min(1).max(SEND_BATCH) }),
);

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
 * Writes emails to the outbox and queues their delivery, in the caller's transaction, one job per
 * SEND_BATCH emails. An email whose idempotency key is in the outbox already is skipped, so raising an
 * event twice sends once. Their delivery jobs get `priority` (JOB_PRIORITY). Returns how many emails were new.
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
    const jobs = [];
    for (let j = 0; j < rows.length; j += SEND_BATCH) {
      const outboxIds = rows.slice(j, j + SEND_BATCH).map((r) => Number(r.id));
      jobs.push({ key: `mail:${outboxIds[0]}+${outboxIds.length}`, payload: { outboxIds }, priority });
    }
    await enqueueMany(tx, mailSendBatchJob, jobs);
    added += rows.length;
  }
  return added;
}

/**
 * Queues many emails, BATCH at a time, each batch in a transaction of its own (a national email is
 * 15,000): delivery starts once the first batch commits instead of after the last, and no transaction
 * holds thousands of rows. For an expansion that can be run again (an event's job): the idempotency
 * keys make a second run add only what the first did not commit. Returns how many emails were new.
 */
export async function queueMailInBatches(
  db: Db,
  mails: OutgoingMail[],
  priority: number = JOB_PRIORITY.normal,
): Promise<number> {
  let added = 0;
  for (let i = 0; i < mails.length; i += BATCH)
    added += await db.transaction().execute((tx) => queueMail(tx, mails.slice(i, i + BATCH), priority));
  return added;
}
