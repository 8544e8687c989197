import { organisationDeadline, periodStatus, type WorklistKind } from '@dcf/domain';
import type { PeriodRecipientRow, PeriodRow, WorklistRow } from './queries';

/** The views' response shapes, built from their rows: pure functions, no database, no policy. */

export const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();
export const ref = (id: number | null | undefined, name: string | null | undefined) =>
  id === null || id === undefined ? null : { id, name: name ?? '' };

/** A period's name, dates and status now. */
export function presentPeriodDates(row: PeriodRow, now: Date) {
  return {
    id: row.id,
    name: row.name,
    start: row.start,
    end: row.end,
    submissionsOpen: row.submissionsOpen.toISOString(),
    submissionsClose: row.submissionsClose.toISOString(),
    submissionsReopen: iso(row.submissionsReopen),
    submissionsReclose: iso(row.submissionsReclose),
    reportingPeriodStatus: periodStatus(row, now),
  };
}

/** A recipient of a period with its submission's status, lock and authorisation. */
export function presentRecipient(row: PeriodRecipientRow, now: Date) {
  const isLocked = row.lockedById !== null && row.lockExpiresAt !== null && row.lockExpiresAt > now;
  return {
    organisationId: row.organisationId,
    name: row.name,
    code: row.code,
    isClosed: row.isClosed,
    region: row.regionCode === null ? null : { code: row.regionCode, name: row.regionName ?? '' },
    organisationType:
      row.typeShortDescription === null ? null : { shortDescription: row.typeShortDescription },
    status: row.status,
    submissionId: row.submissionId,
    lastChangedAt: iso(row.lastChangedAt),
    lastChangedBy: ref(row.lastChangedById, row.lastChangedByName),
    submittedAt: iso(row.submittedAt),
    submittedBy: ref(row.submittedById, row.submittedByName),
    isLocked,
    lockedBy: isLocked ? ref(row.lockedById, row.lockedByName) : null,
    lockedOn: isLocked ? iso(row.lockedOn) : null,
    isTrustAuthorisationRequired: row.isTrustAuthorisationRequired,
    isNhsiAuthorisationRequired: row.isNhsiAuthorisationRequired,
    nhsiAuthorisedAt: iso(row.nhsiAuthorisedAt),
    nhsiAuthorisedBy: ref(row.nhsiAuthorisedById, row.nhsiAuthorisedByName),
    awaitingNhsiAuthorisation:
      row.status === 'completed' && row.isNhsiAuthorisationRequired && row.nhsiAuthorisedAt === null,
    reopenedUntil: iso(row.reopenedUntil),
    isOnTime: row.isOnTime,
  };
}

/** The later of two instants (a manager's return, an authoriser's send-back), or null. */
const latestOf = (a: Date | null, b: Date | null) => (a === null ? b : b === null || a > b ? a : b);

/** A worklist entry; what changed when (and by whom) depends on the worklist. */
export function presentItem(row: WorklistRow, kind: WorklistKind, now: Date) {
  return {
    submissionId: row.submissionId,
    collection: { id: row.collectionId, name: row.collectionName },
    organisation: { id: row.organisationId, name: row.organisationName, code: row.organisationCode },
    period: { id: row.id, name: row.name },
    changedAt: iso(
      kind === 'nhsiAuthorisation'
        ? row.submittedAt
        : (latestOf(row.returnedAt, row.sentBackAt) ?? row.changedAt),
    ),
    changedBy: kind === 'returned' ? null : row.changedBy,
    deadline: organisationDeadline(row, row.reopenedUntil, now).toISOString(),
    returnedReason: kind === 'returned' ? row.returnedReason : null,
  };
}
