import type { TestApp } from '../harness';

/**
 * The audit actions written about one record (`entityId`) or about all records of the type in a
 * collection (`collectionId`), oldest first.
 */
export async function auditActionsFor(
  t: TestApp,
  entityType: string,
  about: { entityId: number } | { collectionId: number },
): Promise<string[]> {
  const query = t.database.db.selectFrom('auditLog').select('action').where('entityType', '=', entityType);
  const rows = await ('entityId' in about
    ? query.where('entityId', '=', String(about.entityId))
    : query.where('collectionId', '=', about.collectionId)
  )
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}
