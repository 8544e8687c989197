import type { Db } from '../../db/database';

/** Whether the period is one of the collection's. */
export async function periodOfCollection(db: Db, collectionId: number, periodId: number): Promise<boolean> {
  const found = await db
    .selectFrom('reportingPeriod')
    .select('id')
    .where('id', '=', periodId)
    .where('collectionId', '=', collectionId)
    .executeTakeFirst();
  return found !== undefined;
}

/** The collection's recipient organisations among the given ODS codes (at most a few thousand at once). */
export function findRecipientsByCode(db: Db, collectionId: number, codes: string[]) {
  return db
    .selectFrom('collectionOrganisation')
    .innerJoin('organisation', 'organisation.id', 'collectionOrganisation.organisationId')
    .select(['organisation.code', 'organisation.id'])
    .where('collectionOrganisation.collectionId', '=', collectionId)
    .where('organisation.code', 'in', codes)
    .execute();
}
