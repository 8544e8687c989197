import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { intParam, type Locate, type OrganisationScope, viewerOf } from '../../platform/policy';
import { submissionVisible, type Viewer } from '../../platform/visibility';

/**
 * Where a submissions request points, for the policy: the (collection, organisation) of the record it
 * names, and the return (submission, or period for the page) so the visibility rule can judge it. null
 * means no such record, which the policy answers with 404.
 */

/** .../Collection/:id/ReportingPeriod/:rpId/Organisation/:orgId/Submission[/Lock]: the period must be the
 * collection's and the organisation one of its recipients. */
export const pageScope: Locate<OrganisationScope> = async ({ request, db }) => {
  const collectionId = intParam(request, 'id');
  const periodId = intParam(request, 'rpId');
  const organisationId = intParam(request, 'orgId');
  if (collectionId === null || periodId === null || organisationId === null) return null;
  const row = await db
    .selectFrom('reportingPeriod')
    .innerJoin(
      'collectionOrganisation',
      'collectionOrganisation.collectionId',
      'reportingPeriod.collectionId',
    )
    .select(['collectionOrganisation.collectionId', 'collectionOrganisation.organisationId'])
    .where('reportingPeriod.id', '=', periodId)
    .where('reportingPeriod.collectionId', '=', collectionId)
    .where('collectionOrganisation.organisationId', '=', organisationId)
    .executeTakeFirst();
  return row ? { ...row, periodId } : null;
};

/**
 * A submission's scope, judged by the visibility rule in the same statement (the policy then asks no
 * second one): a save is the busiest request there is, and each statement is a round trip.
 */
async function scopeOfSubmission(db: Db, viewer: Viewer, submissionId: number | null) {
  if (submissionId === null) return null;
  const row = await db
    .selectFrom('submission')
    .select([
      'collectionId',
      'organisationId',
      'id as submissionId',
      sql<boolean>`${submissionVisible(viewer, 'submission')}`.as('visible'),
    ])
    .where('id', '=', submissionId)
    .executeTakeFirst();
  return row ?? null;
}

/** /Submission/:id/... */
export const submissionScope: Locate<OrganisationScope> = ({ request, db, principal }) =>
  scopeOfSubmission(db, viewerOf(principal), intParam(request, 'id'));

/** /Submission/SubmissionRevisions?submissionId= */
export const revisionListScope: Locate<OrganisationScope> = ({ request, db, principal }) => {
  const raw = (request.query as Record<string, unknown> | undefined)?.submissionId;
  return scopeOfSubmission(
    db,
    viewerOf(principal),
    typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : null,
  );
};

/** /SubmissionRevision/:id */
export const revisionScope: Locate<OrganisationScope> = async ({ request, db }) => {
  const id = intParam(request, 'id');
  if (id === null) return null;
  const row = await db
    .selectFrom('submissionRevision')
    .innerJoin('submission', 'submission.id', 'submissionRevision.submissionId')
    .select(['submission.collectionId', 'submission.organisationId', 'submission.id as submissionId'])
    .where('submissionRevision.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
};

/**
 * PUT /Submission/SubmissionRevisions/SoftDelete { revisionIds }: their collection and organisation.
 * Revisions of more than one organisation, or ids that do not exist, locate nothing (404): the
 * revisions screen deletes within one submission.
 */
export const softDeleteScope: Locate<OrganisationScope> = async ({ request, db }) => {
  const ids = (request.body as { revisionIds?: unknown } | undefined)?.revisionIds;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > 1000) return null;
  if (!ids.every((id) => Number.isInteger(id) && id > 0 && id < 2 ** 53)) return null;
  const rows = await db
    .selectFrom('submissionRevision')
    .innerJoin('submission', 'submission.id', 'submissionRevision.submissionId')
    .select(['submission.collectionId', 'submission.organisationId'])
    .where('submissionRevision.id', 'in', ids as number[])
    .execute();
  const scopes = new Set(rows.map((r) => `${r.collectionId}:${r.organisationId}`));
  if (rows.length !== new Set(ids).size || scopes.size !== 1) return null;
  return rows[0] ?? null;
};
