import type { Db, Tx } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { applyToRegister } from './ods-apply';
import { fetchDetails, listRoleCodes, type OrdOptions, regionCodesOf } from './ord-client';
import type { IncomingOrganisation } from './reconcile';

/** Fetches the whole register for the configured roles (all pages, every record's detail). */
export async function fetchOdsRegister(db: Db, options: OrdOptions): Promise<IncomingOrganisation[]> {
  const codes: string[] = [];
  await listRoleCodes(options, null, async (page) => {
    codes.push(...page);
    await options.onProgress?.({ phase: 'listing', done: codes.length, total: null });
  });
  const unique = [...new Set(codes)];
  await options.onProgress?.({ phase: 'details', done: 0, total: unique.length });
  return fetchDetails(unique, options, await regionCodesOf(db), 1, async (fetched) => {
    if (fetched % 50 === 0 || fetched === unique.length)
      await options.onProgress?.({ phase: 'details', done: fetched, total: unique.length });
  });
}

/**
 * A full run: every page and record fetched first; only when all have arrived is the register applied,
 * in one transaction, which commits only while this worker still holds the run's job (`holdClaim`). A
 * request that still fails after its retries fails the run and changes nothing.
 */
export async function runFull(
  db: Db,
  run: { id: number; startedBy: number | null },
  options: OrdOptions,
  holdClaim: (tx: Tx) => Promise<void>,
): Promise<void> {
  const incoming = await fetchOdsRegister(db, options);
  await options.onProgress?.({ phase: 'applying', done: 0, total: incoming.length });
  await applyToRegister(db, run, incoming, holdClaim, async (tx, report) => {
    await tx
      .updateTable('odsSyncRun')
      .set({
        status: 'succeeded',
        added: report.added,
        updated: report.updated,
        closed: report.closed,
        failed: report.refusedCount,
        error: report.refused.length
          ? report.refused
              .map((f) => `${f.code}: ${f.reason}`)
              .join('; ')
              .slice(0, 2000)
          : null,
        finishedAt: new Date(),
      })
      .where('id', '=', run.id)
      .execute();
    await writeAudit(tx, {
      userId: run.startedBy,
      action: 'organisation.sync',
      entityType: 'odsSyncRun',
      entityId: run.id,
      after: { ...report, refused: report.refusedCount },
    });
  });
}
