import type { SubmissionRevisionSummary } from '@dcf/domain';
import type { HandoverColumns, RevisionSummaryRow } from './queries';

/** A revision in a submission's list: who saved it when, and whether it is the official one. */
export function presentRevisionSummary(
  row: RevisionSummaryRow,
  officialRevisionId: number | null,
): SubmissionRevisionSummary {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    createdBy: { id: row.createdBy, name: row.createdByName ?? row.createdByEmail },
    status: row.status,
    isOfficial: row.id === officialRevisionId,
    isDeleted: row.isDeleted,
  };
}

/** The handover as the page shows it, with the names of the people named (`nameOf`). */
export function presentHandover(row: HandoverColumns, nameOf: (userId: number) => string) {
  const user = (id: number) => ({ id, name: nameOf(id) });
  return {
    sentForSignOff:
      row.sentForSignoffBy !== null && row.sentForSignoffAt !== null
        ? { by: user(row.sentForSignoffBy), at: row.sentForSignoffAt.toISOString() }
        : null,
    sentBack:
      row.sentBackBy !== null && row.sentBackAt !== null
        ? { by: user(row.sentBackBy), at: row.sentBackAt.toISOString(), reason: row.sentBackReason ?? '' }
        : null,
  };
}
