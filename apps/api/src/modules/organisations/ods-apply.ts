import type { ImportReport } from '@dcf/domain';
import type { Db, Tx } from '../../db/database';
import { organisationsChanged } from './queries';
import { type IncomingOrganisation, reconcileOrganisations } from './reconcile';

/**
 * The one step by which both kinds of sync (ods-full.ts, ods-incremental.ts) change the register: the
 * fetched records are reconciled as the run's starter, and `noteOnRun` records the outcome on the run,
 * in one transaction that commits only while this worker still holds the run's job (`holdClaim`).
 */
export async function applyToRegister(
  db: Db,
  run: { startedBy: number | null },
  records: IncomingOrganisation[],
  holdClaim: (tx: Tx) => Promise<void>,
  noteOnRun: (tx: Tx, report: ImportReport) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await holdClaim(tx);
    const report = await reconcileOrganisations(tx, records, {
      dryRun: false,
      userId: run.startedBy,
      action: 'organisation.sync',
    });
    await noteOnRun(tx, report);
  });
  organisationsChanged(db);
}
