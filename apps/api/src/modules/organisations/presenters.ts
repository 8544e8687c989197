import { isOrganisationOpen, type OdsSyncRun, type Organisation } from '@dcf/domain';
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
 * An ODS sync run. `progress` is what this instance's running sync last reported (ods-sync.ts keeps it
 * in memory); without it a running incremental run shows the position it has stored.
 */
export function presentRun(
  row: {
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
  },
  progress: NonNullable<OdsSyncRun['progress']> | undefined,
): OdsSyncRun {
  const { position, planned, ...run } = row;
  // An incremental run records its position, so every instance can tell how far it has got.
  const stored =
    row.mode === 'incremental' && planned !== null
      ? ({ phase: 'details', done: position, total: planned } as const)
      : null;
  return {
    ...run,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    progress: row.status === 'running' ? (progress ?? stored) : null,
  };
}
