import type { SubmissionRevisionSummary } from '@dcf/domain';
import type { RevisionSummaryRow } from './queries';

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
