import { type ImportReport, messages } from '@dcf/domain';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { validationProblem } from '../../platform/errors';
import { OdsFileError, readOdsFile } from './ods-file';
import { organisationsChanged, organisationTypeExists } from './queries';
import { type IncomingOrganisation, reconcileOrganisations } from './reconcile';

export interface ImportOptions {
  dryRun: boolean;
  userId: number | null;
  requestId?: string | null;
  /** The type for organisations the file gives none (chosen by the administrator); null: none. */
  organisationTypeId?: number | null;
}

/**
 * Imports an ODS register file in one transaction: its layout is worked out from the content
 * (`ods-file.ts`), every row checked, then the register reconciled. A dry run computes the same report and
 * rolls everything back, so Apply does what the dry run said. A file that cannot be read at all (not CSV
 * text, or a layout this service does not know) is a 400 on `content` saying what was expected.
 */
export async function importOdsFile(db: Db, text: string, options: ImportOptions): Promise<ImportReport> {
  let file: ReturnType<typeof readOdsFile>;
  try {
    file = readOdsFile(text);
  } catch (error) {
    if (error instanceof OdsFileError) throw validationProblem({ content: [error.message] });
    throw error;
  }
  if (options.organisationTypeId != null && !(await organisationTypeExists(db, options.organisationTypeId)))
    throw validationProblem({ organisationTypeId: [messages.selectAnOption] });
  // What the file has no column for, it does not say: the register keeps its value.
  const absent = new Set(file.absent);
  const said = <T>(column: (typeof file.absent)[number], value: T) =>
    absent.has(column) ? undefined : value;
  const incoming: IncomingOrganisation[] = file.records.map((r) => ({
    line: r.line,
    code: r.code,
    name: r.name,
    regionCode: r.regionCode,
    icbCode: r.icbCode,
    parentCode: r.parentCode,
    typeCode: r.type,
    // A layout without a status column (etr), or a blank status, leaves the status as it is.
    ...(r.status === null ? {} : { status: r.status }),
    openDate: said('openDate', r.openDate),
    closureDate: said('closureDate', r.closureDate),
    addressLines: said('addressLines', r.addressLines),
    postcode: said('postcode', r.postcode),
  }));
  const DRY_RUN = Symbol('dry run');
  let report: ImportReport | undefined;
  try {
    await db.transaction().execute(async (tx) => {
      report = await reconcileOrganisations(tx, incoming, {
        dryRun: options.dryRun,
        userId: options.userId,
        requestId: options.requestId ?? null,
        action: 'organisation.import',
        defaultTypeId: options.organisationTypeId ?? null,
        refused: file.refused,
        layout: file.layout,
      });
      await writeAudit(tx, {
        userId: options.userId,
        action: 'organisation.import',
        entityType: 'organisation',
        after: { ...report, refused: report.refusedCount },
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
