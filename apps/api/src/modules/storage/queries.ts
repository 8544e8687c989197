import type { Db } from '../../db/database';

export async function collectionExists(db: Db, collectionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('collection')
    .select('id')
    .where('id', '=', collectionId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isRecipient(db: Db, collectionId: number, organisationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('collectionOrganisation')
    .select('organisationId')
    .where('collectionId', '=', collectionId)
    .where('organisationId', '=', organisationId)
    .executeTakeFirst();
  return row !== undefined;
}
