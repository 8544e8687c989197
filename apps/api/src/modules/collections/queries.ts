import type { CollectionInput } from '@dcf/domain';
import { sql, type Updateable } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { CollectionTable } from '../../db/schema';
import { viewerOf } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { collectionVisible } from '../../platform/visibility';

export const collectionColumns = [
  'id',
  'name',
  'notes',
  'assetOwners',
  'users',
  'isEmailEnabled',
  'iconName',
  'trustAuthorisation',
  'nhsiAuthorisation',
  'fileType',
  'period',
  'isExcelTemplateEnabled',
  'status',
  'createdAt',
  'updatedAt',
] as const;

/** Collections the principal may see (the visibility rule, decision 0022), filtered and paged. */
export async function findVisibleCollections(
  db: Db,
  principal: Principal,
  filter: {
    query?: string | undefined;
    status?: 'draft' | 'published' | 'archived' | undefined;
    page: number;
    pageSize: number;
    sortBy?: 'name' | 'status' | 'updatedAt';
    sortOrder?: 'ASC' | 'DESC';
  },
) {
  const direction = filter.sortOrder === 'DESC' ? 'desc' : 'asc';
  let q = db.selectFrom('collection').where(collectionVisible(viewerOf(principal), 'collection.id'));
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.query)
    q = q.where(
      sql<boolean>`lower(name) like ${`%${filter.query.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`}`,
    );
  const [items, total] = await Promise.all([
    q
      .select(collectionColumns)
      .orderBy(filter.sortBy ?? 'name', direction)
      .orderBy('name')
      .orderBy('id')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: total.n };
}

export function findCollection(db: Db | Tx, id: number) {
  return db.selectFrom('collection').select(collectionColumns).where('id', '=', id).executeTakeFirst();
}

export type CollectionRow = NonNullable<Awaited<ReturnType<typeof findCollection>>>;

/**
 * The collection's id and status, read without locking its row: enough for a 404 or, through
 * `changeable`, the archived refusal before a change.
 */
export function findCollectionStatus(db: Db | Tx, collectionId: number) {
  return db
    .selectFrom('collection')
    .select(['id', 'status'])
    .where('id', '=', collectionId)
    .executeTakeFirst();
}

/** The same, locking the row so the collection cannot be archived while the change is made. */
export function lockCollectionStatus(tx: Tx, collectionId: number) {
  return tx
    .selectFrom('collection')
    .select(['id', 'status'])
    .where('id', '=', collectionId)
    .forUpdate()
    .executeTakeFirst();
}

/** What a collection still lacks before it can be published. */
export async function countSetup(db: Db | Tx, collectionId: number) {
  const row = await db
    .selectNoFrom((eb) => {
      const countOf = (table: 'reportingPeriod' | 'collectionOrganisation' | 'form' | 'submission') =>
        eb
          .selectFrom(table)
          .select(eb.fn.countAll<number>().as('n'))
          .where('collectionId', '=', collectionId);
      return [
        countOf('reportingPeriod').as('periods'),
        countOf('collectionOrganisation').as('recipients'),
        countOf('form').as('forms'),
        countOf('submission').as('submissions'),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    periods: Number(row.periods ?? 0),
    recipients: Number(row.recipients ?? 0),
    forms: Number(row.forms ?? 0),
    submissions: Number(row.submissions ?? 0),
  };
}

export function insertDraftCollection(tx: Tx, input: CollectionInput, createdBy: number) {
  return tx
    .insertInto('collection')
    .values({ ...input, status: 'draft', createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function insertCollectionManager(tx: Tx, collectionId: number, userId: number) {
  return tx
    .insertInto('collectionRole')
    .values({ collectionId, userId, role: 'collectionManager' })
    .execute();
}

/** Changes the given columns and marks the collection changed now. */
export function updateCollectionRow(tx: Tx, id: number, values: Updateable<CollectionTable>) {
  return tx
    .updateTable('collection')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export function deleteCollectionRow(tx: Tx, id: number) {
  return tx.deleteFrom('collection').where('id', '=', id).execute();
}

/** Sets an authorisation flag on every recipient of the collection (the collection made it mandatory or not required). */
export function setEveryRecipientAuthorisation(
  tx: Tx,
  collectionId: number,
  flags: { isTrustAuthorisationRequired: boolean } | { isNhsiAuthorisationRequired: boolean },
) {
  return tx
    .updateTable('collectionOrganisation')
    .set(flags)
    .where('collectionId', '=', collectionId)
    .execute();
}

export function findGuidance(db: Db, collectionId: number) {
  return db
    .selectFrom('collection')
    .select(['id', 'guidance'])
    .where('id', '=', collectionId)
    .executeTakeFirst();
}

/** The collection's status and guidance, its row locked for the rest of the transaction. */
export function lockGuidance(tx: Tx, collectionId: number) {
  return tx
    .selectFrom('collection')
    .select(['status', 'guidance'])
    .where('id', '=', collectionId)
    .forUpdate()
    .executeTakeFirst();
}
