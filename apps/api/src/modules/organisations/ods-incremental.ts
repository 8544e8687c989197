import { londonToday } from '@dcf/domain';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { Db, Tx } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { applyToRegister } from './ods-apply';
import { baseOf, fetchDetails, getJson, listRoleCodes, type OrdOptions, regionCodesOf } from './ord-client';

/**
 * Incremental ODS sync (decision 0012): only the organisations changed since the last successful run.
 *
 * - `GET {base}/sync?LastChangeDate=YYYY-MM-DD` answers `{ Organisations: [{ OrgLink }] }`: every
 *   organisation of every role changed on or after that date (the API keeps 185 days of changes). Of
 *   those, the ones already in the register are fetched;
 * - `GET {base}/organisations?PrimaryRoleId=R&LastChangeDate=...` (paged) names the changed organisations of
 *   the roles this service keeps, new ones included.
 * The plan (the codes) is stored on the run first; then details are fetched and applied in batches, each
 * in one transaction with the run's position, so the next attempt of its job (another worker, once the
 * lease of a worker that stopped has run out) continues where it stopped. Each of those transactions
 * commits only while this worker holds the job (`holdClaim`).
 */

const addDays = (date: string, days: number) =>
  DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate()!;

/** How far back the ORD API answers a LastChangeDate query. */
export const ORD_SYNC_WINDOW_DAYS = 185;
const DEFAULT_BATCH = 100;

/** The code at the end of an OrgLink (`.../organisations/RJ1?_format=json`). */
export function codeOfOrgLink(link: string): string | null {
  const match = /\/organisations\/([^/?#]+)/.exec(link);
  return match ? decodeURIComponent(match[1]!).toUpperCase() : null;
}

/**
 * The LastChangeDate to ask for: the day before the last successful run started (the API compares dates,
 * so a day of overlap misses nothing), or null when there is none within the API's window (a full run).
 */
export async function incrementalSince(db: Db, today = londonToday()): Promise<string | null> {
  const last = await db
    .selectFrom('odsSyncRun')
    .select('startedAt')
    .where('status', '=', 'succeeded')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return null;
  const since = addDays(londonToday(last.startedAt), -1);
  return since > addDays(today, -(ORD_SYNC_WINDOW_DAYS - 1)) ? since : null;
}

/** Lists what changed since `since` that this register keeps, and stores it as the run's plan. */
async function plan(
  db: Db,
  runId: number,
  since: string,
  options: OrdOptions,
  holdClaim: (tx: Tx) => Promise<void>,
): Promise<string[]> {
  const base = baseOf(options);
  const changed = await getJson<{ Organisations?: { OrgLink?: string }[] }>(
    `${base}/sync?LastChangeDate=${since}`,
    options,
  );
  const changedCodes = new Set(
    (changed.Organisations ?? []).map((o) => codeOfOrgLink(o.OrgLink ?? '')).filter((c): c is string => !!c),
  );
  const known = new Set(
    (await db.selectFrom('organisation').select('code').execute()).map((o) => o.code.toUpperCase()),
  );
  const codes = new Set([...changedCodes].filter((c) => known.has(c)));
  await listRoleCodes(options, since, async (page) => {
    for (const code of page) codes.add(code.toUpperCase());
    await options.onProgress?.({ phase: 'listing', done: codes.size, total: null });
  });
  const sorted = [...codes].sort();
  await db.transaction().execute(async (tx) => {
    await holdClaim(tx);
    await tx.updateTable('odsSyncRun').set({ codes: sorted, position: 0 }).where('id', '=', runId).execute();
  });
  return sorted;
}

/**
 * Runs (or resumes) an incremental run: plans it if it has no plan yet, then fetches and applies the
 * planned codes from its position on, a batch at a time. Throws when a request keeps failing (the caller
 * marks the run failed; batches already applied stay applied).
 */
export async function runIncremental(
  db: Db,
  run: { id: number; startedBy: number | null },
  options: OrdOptions & { batchSize?: number },
  holdClaim: (tx: Tx) => Promise<void>,
): Promise<void> {
  const stored = await db
    .selectFrom('odsSyncRun')
    .select(['since', 'codes', 'position'])
    .where('id', '=', run.id)
    .executeTakeFirstOrThrow();
  if (!stored.since) throw new Error(`Run ${run.id} is not an incremental run`);
  const codes = stored.codes ?? (await plan(db, run.id, stored.since, options, holdClaim));
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const regionCodes = await regionCodesOf(db);
  let position = stored.position;
  await options.onProgress?.({ phase: 'details', done: position, total: codes.length });
  while (position < codes.length) {
    const batch = codes.slice(position, position + batchSize);
    const records = await fetchDetails(batch, options, regionCodes, position + 1);
    await applyToRegister(db, run, records, holdClaim, async (tx, report) => {
      await tx
        .updateTable('odsSyncRun')
        .set({
          position: position + batch.length,
          added: sql`added + ${report.added}`,
          updated: sql`updated + ${report.updated}`,
          closed: sql`closed + ${report.closed}`,
          failed: sql`failed + ${report.refusedCount}`,
        })
        .where('id', '=', run.id)
        .execute();
    });
    position += batch.length;
    await options.onProgress?.({ phase: 'details', done: position, total: codes.length });
  }
  await db.transaction().execute(async (tx) => {
    await holdClaim(tx);
    const finished = await tx
      .updateTable('odsSyncRun')
      .set({ status: 'succeeded', finishedAt: new Date() })
      .where('id', '=', run.id)
      .returning(['added', 'updated', 'closed', 'failed'])
      .executeTakeFirstOrThrow();
    await writeAudit(tx, {
      userId: run.startedBy,
      action: 'organisation.sync',
      entityType: 'odsSyncRun',
      entityId: run.id,
      after: { mode: 'incremental', since: stored.since, planned: codes.length, ...finished },
    });
  });
}
