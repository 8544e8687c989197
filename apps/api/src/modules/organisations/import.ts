import type { ImportReport } from '@dcf/domain';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { parseOdsCsv } from './ods-csv';
import { organisationsChanged } from './queries';
import { type IncomingOrganisation, reconcileOrganisations } from './reconcile';

/** The ODS role the extract's organisations take; `etr` files are NHS trusts. */
export const DEFAULT_IMPORT_TYPE = 'RO197';

export function csvToIncoming(text: string, typeCode = DEFAULT_IMPORT_TYPE): IncomingOrganisation[] {
  return parseOdsCsv(text).map((r) => ({
    line: r.line,
    code: r.code,
    name: r.name,
    regionCode: r.nationalGrouping || null,
    typeCode,
    openDate: r.openDate,
    closureDate: r.closeDate,
    addressLines: r.addressLines,
    postcode: r.postcode || null,
  }));
}

/**
 * Imports an ODS extract file (etr.csv layout) in one transaction. A dry run computes the same report
 * and rolls everything back.
 */
export async function importOdsCsv(
  db: Db,
  text: string,
  options: { dryRun: boolean; userId: number | null; requestId?: string | null },
): Promise<ImportReport> {
  const incoming = csvToIncoming(text);
  const DRY_RUN = Symbol('dry run');
  let report: ImportReport | undefined;
  try {
    await db.transaction().execute(async (tx) => {
      report = await reconcileOrganisations(tx, incoming, { ...options, action: 'organisation.import' });
      await writeAudit(tx, {
        userId: options.userId,
        action: 'organisation.import',
        entityType: 'organisation',
        after: { ...report, failed: report.failed.length },
        requestId: options.requestId ?? null,
      });
      if (options.dryRun) throw DRY_RUN;
    });
  } catch (error) {
    if (error !== DRY_RUN) throw error;
  }
  if (!options.dryRun) organisationsChanged(db);
  return report!;
}
