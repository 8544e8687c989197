import { messages, type RevisionListQuery, type SubmissionRevisionDto } from '@dcf/domain';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import { canSeeDeletedRevisions } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { presentRevisionSummary } from './presenters';
import {
  countRevisions,
  findRevision,
  findRevisions,
  findSubmission,
  lockRevisionsForDelete,
  markRevisionDeleted,
} from './queries';

/**
 * Revisions: every save is one, newest first. Soft delete hides a revision from submitters and keeps it
 * for audit (managers still see it, marked); the official revision is never deleted.
 */

export async function listRevisions(db: Db, principal: Principal, query: RevisionListQuery) {
  const submission = await findSubmission(db, query.submissionId);
  if (!submission) throw notFound();
  const includeDeleted = canSeeDeletedRevisions(principal, submission.collectionId);
  const [rows, total] = await Promise.all([
    findRevisions(db, submission.id, {
      includeDeleted,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    countRevisions(db, submission.id, includeDeleted),
  ]);
  return { items: rows.map((r) => presentRevisionSummary(r, submission.officialRevisionId)), total };
}

export async function getRevision(
  db: Db,
  principal: Principal,
  revisionId: number,
): Promise<SubmissionRevisionDto> {
  const row = await findRevision(db, revisionId);
  if (!row) throw notFound();
  if (row.isDeleted && !canSeeDeletedRevisions(principal, row.collectionId)) throw notFound();
  return {
    ...presentRevisionSummary(row, row.officialRevisionId),
    submissionId: row.submissionId,
    content: row.contentJson,
    completedPages: row.completedPages,
    formId: row.formId,
  };
}

/** PUT /Submission/SubmissionRevisions/SoftDelete: all or nothing; any official revision in the list -> 409. */
export async function softDeleteRevisions(
  db: Db,
  principal: Principal,
  revisionIds: readonly number[],
  requestId: string,
) {
  const ids = [...new Set(revisionIds)];
  await db.transaction().execute(async (tx) => {
    const rows = await lockRevisionsForDelete(tx, ids);
    if (rows.length !== ids.length) throw notFound();
    if (rows.some((r) => r.officialRevisionId === r.id))
      throw conflict('revision_official', messages.revisionOfficial);
    const now = new Date();
    for (const row of rows.filter((r) => !r.isDeleted)) {
      await markRevisionDeleted(tx, row.id, principal.userId, now);
      await writeAudit(tx, {
        userId: principal.userId,
        action: 'submissionRevision.softDelete',
        entityType: 'submissionRevision',
        entityId: row.id,
        collectionId: row.collectionId,
        organisationId: row.organisationId,
        after: { submissionId: row.submissionId, isDeleted: true },
        requestId,
      });
    }
  });
}
