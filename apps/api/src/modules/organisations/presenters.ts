import { isOrganisationOpen, type OdsSyncRun, type Organisation, odsSyncRunSchema } from '@dcf/domain';
import type { OrganisationRow } from './queries';

/** An organisation with its region and type, and whether it is open on `today` (London's date). */
export function presentOrganisation(row: OrganisationRow, today: string): Organisation {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    isManagementOrg: row.isManagementOrg,
    regionId: row.regionId,
    organisationTypeId: row.organisationTypeId,
    successorId: row.successorId,
    closureDate: row.closureDate,
    odsStatus: row.odsStatus,
    isOpen: isOrganisationOpen(row.closureDate, today, row.odsStatus),
    region: row.regionId === null ? null : { id: row.regionId, code: row.regionCode!, name: row.regionName! },
    organisationType:
      row.organisationTypeId === null
        ? null
        : {
            id: row.organisationTypeId,
            shortDescription: row.typeShortDescription!,
            longDescription: row.typeLongDescription!,
          },
  };
}

/**
 * An ODS sync run, with the progress its job last stored while a worker works it (any instance can
 * read it); a run whose job waits for a worker shows, if incremental, the position it has recorded.
 */
export function presentRun(row: {
  id: number;
  status: OdsSyncRun['status'];
  mode: 'full' | 'incremental';
  since: string | null;
  position: number;
  planned: number | null;
  added: number;
  updated: number;
  closed: number;
  failed: number;
  error: string | null;
  startedBy: number | null;
  startedAt: Date;
  finishedAt: Date | null;
  jobStatus: string | null;
  progress: unknown;
}): OdsSyncRun {
  const { position, planned, jobStatus, progress, ...run } = row;
  const stored =
    row.mode === 'incremental' && planned !== null
      ? ({ phase: 'details', done: position, total: planned } as const)
      : null;
  const reported = jobStatus === 'running' ? (parseProgress(progress) ?? stored) : stored;
  return {
    ...run,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    progress: row.status === 'running' ? reported : null,
  };
}

/** node-postgres parses jsonb; PGlite's adapter may hand back text. */
function parseProgress(value: unknown): OdsSyncRun['progress'] {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  const result = odsSyncRunSchema.shape.progress.safeParse(parsed);
  return result.success ? (result.data ?? null) : null;
}
