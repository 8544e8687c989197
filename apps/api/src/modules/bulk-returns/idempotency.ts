import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import { conflict } from '../../platform/errors';

/**
 * A bulk call's client reference (decision 0039): the first call with a reference claims it (a row
 * whose result says 'running'), does the work and stores its answer; the same call again (a retry
 * after a dropped connection) is answered with the stored answer and changes nothing. While the first
 * is still at work, a retry is told to wait (409 bulk_in_progress); a claim left 'running' longer than
 * STALE_AFTER_MS (the instance stopped mid-call) may be taken over. The same reference with a different
 * request is refused (409 client_reference_reused).
 */
export const STALE_AFTER_MS = 15 * 60_000;

export type Claim<T> = { state: 'claimed'; id: number } | { state: 'done'; result: T };

const RUNNING = { state: 'running' } as const;

export const requestHash = (parts: unknown) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url');

export async function claimReference<T>(
  db: Db,
  claim: { userId: number; clientReference: string; periodId: number; requestHash: string },
): Promise<Claim<T>> {
  const inserted = await db
    .insertInto('bulkReturnRequest')
    .values({
      userId: claim.userId,
      clientReference: claim.clientReference,
      reportingPeriodId: claim.periodId,
      requestHash: claim.requestHash,
      result: JSON.stringify(RUNNING),
    })
    .onConflict((oc) => oc.columns(['userId', 'clientReference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { state: 'claimed', id: inserted.id };

  const existing = await db
    .selectFrom('bulkReturnRequest')
    .select(['id', 'requestHash', 'reportingPeriodId', 'result', 'createdAt'])
    .where('userId', '=', claim.userId)
    .where('clientReference', '=', claim.clientReference)
    .executeTakeFirstOrThrow();
  if (existing.requestHash !== claim.requestHash || existing.reportingPeriodId !== claim.periodId)
    throw conflict(
      'client_reference_reused',
      'This client reference was used for a different request',
      'Use a new client reference for new returns; the same one only to retry the same request.',
    );
  const result = existing.result as { state?: string };
  if (result.state !== 'running') return { state: 'done', result: existing.result as T };
  // Still at work, unless it stopped long ago: then this call takes it over (created_at moves on, so
  // only one retry does).
  const takenOver = await db
    .updateTable('bulkReturnRequest')
    .set({ createdAt: new Date() })
    .where('id', '=', existing.id)
    .where('createdAt', '<', new Date(Date.now() - STALE_AFTER_MS))
    .returning('id')
    .executeTakeFirst();
  if (takenOver) return { state: 'claimed', id: existing.id };
  throw conflict(
    'bulk_in_progress',
    'This request is still being processed',
    'Retry in a few seconds with the same client reference to get its results.',
  );
}

export async function storeResult(db: Db, id: number, result: unknown): Promise<void> {
  await db
    .updateTable('bulkReturnRequest')
    .set({ result: JSON.stringify(result) })
    .where('id', '=', id)
    .execute();
}

/** A call that failed as a whole (not row by row) frees its reference, so the same request may be sent again. */
export async function releaseReference(db: Db, id: number): Promise<void> {
  await db.deleteFrom('bulkReturnRequest').where('id', '=', id).execute();
}
