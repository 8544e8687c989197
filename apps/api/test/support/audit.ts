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

/**
 * The audit entries of one action, oldest first: only those about `about`'s collection, organisation or
 * record where it names one.
 */
export async function auditEntries(
  t: TestApp,
  action: string,
  about: { collectionId?: number; organisationId?: number; entityId?: number | string } = {},
) {
  let query = t.database.db.selectFrom('auditLog').selectAll().where('action', '=', action);
  if (about.collectionId !== undefined) query = query.where('collectionId', '=', about.collectionId);
  if (about.organisationId !== undefined) query = query.where('organisationId', '=', about.organisationId);
  if (about.entityId !== undefined) query = query.where('entityId', '=', String(about.entityId));
  return query.orderBy('id').execute();
}
