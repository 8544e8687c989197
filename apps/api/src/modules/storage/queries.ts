import type { Db } from '../../db/database';

export async function isRecipient(db: Db, collectionId: number, organisationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('collectionOrganisation')
    .select('organisationId')
    .where('collectionId', '=', collectionId)
    .where('organisationId', '=', organisationId)
    .executeTakeFirst();
  return row !== undefined;
}
