import type { Db } from '../../db/database';

/** A submission with everything its printed header names: collection, organisation, period, people. */
export function findSubmissionHeader(db: Db, submissionId: number) {
  return db
    .selectFrom('submission')
    .innerJoin('collection', 'collection.id', 'submission.collectionId')
    .innerJoin('organisation', 'organisation.id', 'submission.organisationId')
    .innerJoin('reportingPeriod', 'reportingPeriod.id', 'submission.reportingPeriodId')
    .innerJoin('collectionOrganisation', (join) =>
      join
        .onRef('collectionOrganisation.collectionId', '=', 'submission.collectionId')
        .onRef('collectionOrganisation.organisationId', '=', 'submission.organisationId'),
    )
    .leftJoin('appUser as submitter', 'submitter.id', 'submission.submittedBy')
    .leftJoin('appUser as authoriser', 'authoriser.id', 'submission.nhsiAuthorisedBy')
    .select([
      'submission.id',
      'submission.collectionId',
      'submission.organisationId',
      'submission.formId',
      'submission.status',
      'submission.officialRevisionId',
      'submission.submittedAt',
      'submission.nhsiAuthorisedAt',
      'collection.name as collectionName',
      'organisation.name as organisationName',
      'organisation.code as organisationCode',
      'reportingPeriod.name as periodName',
      'collectionOrganisation.isNhsiAuthorisationRequired',
      'submitter.name as submittedByName',
      'authoriser.name as nhsiAuthorisedByName',
    ])
    .where('submission.id', '=', submissionId)
    .executeTakeFirst();
}
export type SubmissionHeader = NonNullable<Awaited<ReturnType<typeof findSubmissionHeader>>>;

/**
 * The revision to print: the one asked for (of this submission), or the newest one not soft-deleted.
 * Soft-deleted revisions only for those who may see them.
 */
export function findPrintableRevision(
  db: Db,
  submissionId: number,
  options: { revisionId?: number | undefined; includeDeleted: boolean },
) {
  let query = db
    .selectFrom('submissionRevision')
    .innerJoin('appUser', 'appUser.id', 'submissionRevision.createdBy')
    .leftJoin('appUser as declarer', 'declarer.id', 'submissionRevision.declaredBy')
    .select([
      'submissionRevision.id',
      'submissionRevision.status',
      'submissionRevision.content',
      'submissionRevision.createdAt',
      'submissionRevision.isDeleted',
      'submissionRevision.declaration',
      'submissionRevision.declaredAt',
      'appUser.name as createdByName',
      'appUser.email as createdByEmail',
      'declarer.name as declaredByName',
      'declarer.email as declaredByEmail',
    ])
    .where('submissionRevision.submissionId', '=', submissionId);
  if (options.revisionId !== undefined) query = query.where('submissionRevision.id', '=', options.revisionId);
  if (!options.includeDeleted) query = query.where('submissionRevision.isDeleted', '=', false);
  return query
    .orderBy('submissionRevision.createdAt', 'desc')
    .orderBy('submissionRevision.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
