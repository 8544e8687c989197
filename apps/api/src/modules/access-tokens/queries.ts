import type { Insertable } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { AccessTokenTable } from '../../db/schema';

/** A token as its owner sees it: never its hash. */
const columns = [
  'accessToken.id',
  'accessToken.name',
  'accessToken.scope',
  'accessToken.collectionId',
  'collection.name as collectionName',
  'accessToken.createdAt',
  'accessToken.expiresAt',
  'accessToken.lastUsedAt',
] as const;

/** The user's tokens not revoked, newest first. */
export function findOwnTokens(db: Db, userId: number) {
  return db
    .selectFrom('accessToken')
    .leftJoin('collection', 'collection.id', 'accessToken.collectionId')
    .select(columns)
    .where('accessToken.userId', '=', userId)
    .where('accessToken.revokedAt', 'is', null)
    .orderBy('accessToken.createdAt', 'desc')
    .orderBy('accessToken.id', 'desc')
    .execute();
}

export function findToken(db: Db | Tx, id: number) {
  return db
    .selectFrom('accessToken')
    .leftJoin('collection', 'collection.id', 'accessToken.collectionId')
    .select(columns)
    .where('accessToken.id', '=', id)
    .executeTakeFirstOrThrow();
}

export function insertToken(tx: Tx, values: Insertable<AccessTokenTable>) {
  return tx.insertInto('accessToken').values(values).returning('id').executeTakeFirstOrThrow();
}

/** Revokes one of the user's own live tokens; undefined when there is none such. */
export function revokeOwnToken(tx: Tx, userId: number, id: number) {
  return tx
    .updateTable('accessToken')
    .set({ revokedAt: new Date() })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .returning(['id', 'collectionId'])
    .executeTakeFirst();
}
