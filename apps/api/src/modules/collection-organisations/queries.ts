import { isOrganisationOpen, type OdsStatus } from '@dcf/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { containsPattern } from '../organisations/queries';

/** Rows per INSERT / DELETE statement in bulk changes (keeps parameter counts far below the 65,535 limit). */
export const BATCH_SIZE = 1_000;

export function chunks<T>(items: readonly T[], size = BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function findCollectionForChange(tx: Tx, collectionId: number) {
  return tx
    .selectFrom('collection')
    .select(['id', 'status', 'trustAuthorisation', 'nhsiAuthorisation'])
    .where('id', '=', collectionId)
    .forUpdate()
    .executeTakeFirst();
}

export function findCollectionStatus(db: Db, collectionId: number) {
  return db
    .selectFrom('collection')
    .select(['id', 'status'])
    .where('id', '=', collectionId)
    .executeTakeFirst();
}

/**
 * One page of a collection's recipients, sorted by organisation name, filtered by name or code.
 * `onlyOrganisationIds` narrows the list to a submitter's own organisations.
 */
export async function listCollectionOrganisations(
  db: Db,
  collectionId: number,
  params: { query?: string; page: number; pageSize: number },
  onlyOrganisationIds: number[] | null,
  today: string,
) {
  const filtered = db
    .selectFrom('collectionOrganisation as co')
    .innerJoin('organisation as o', 'o.id', 'co.organisationId')
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [eb('co.collectionId', '=', collectionId)];
      if (params.query) {
        const pattern = containsPattern(params.query);
        conditions.push(
          eb.or([eb(sql`lower(o.name)`, 'like', pattern), eb(sql`lower(o.code)`, 'like', pattern)]),
        );
      }
      if (onlyOrganisationIds)
        conditions.push(
          onlyOrganisationIds.length === 0
            ? sql<SqlBool>`false`
            : eb('co.organisationId', 'in', onlyOrganisationIds),
        );
      return eb.and(conditions);
    });
  const [rows, count] = await Promise.all([
    filtered
      .leftJoin('region as r', 'r.id', 'o.regionId')
      .leftJoin('organisationType as t', 't.id', 'o.organisationTypeId')
      .select([
        'co.collectionId',
        'co.organisationId',
        'co.isNhsiAuthorisationRequired',
        'co.isTrustAuthorisationRequired',
        'o.name',
        'o.code',
        'o.closureDate',
        'o.odsStatus',
        'r.code as regionCode',
        'r.name as regionName',
        't.shortDescription as typeShortDescription',
      ])
      .orderBy('o.name')
      .orderBy('o.id')
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      collectionId: row.collectionId,
      organisationId: row.organisationId,
      organisation: {
        id: row.organisationId,
        name: row.name,
        code: row.code,
        region: row.regionCode === null ? null : { code: row.regionCode, name: row.regionName ?? '' },
        organisationType:
          row.typeShortDescription === null ? null : { shortDescription: row.typeShortDescription },
        isOpen: isOrganisationOpen(row.closureDate, today, row.odsStatus),
      },
      isNhsiAuthorisationRequired: row.isNhsiAuthorisationRequired,
      isTrustAuthorisationRequired: row.isTrustAuthorisationRequired,
    })),
    total: Number(count.total),
  };
}

/** Which of `ids` exist, with their closure date and register status. */
export async function findOrganisations(tx: Tx, ids: number[]) {
  const found: {
    id: number;
    code: string;
    name: string;
    closureDate: string | null;
    odsStatus: OdsStatus | null;
  }[] = [];
  for (const batch of chunks(ids)) {
    found.push(
      ...(await tx
        .selectFrom('organisation')
        .select(['id', 'code', 'name', 'closureDate', 'odsStatus'])
        .where('id', 'in', batch)
        .execute()),
    );
  }
  return found;
}

/** Of `ids`, the organisations with at least one submission in the collection. */
export async function organisationsWithSubmissions(tx: Tx, collectionId: number, ids: number[]) {
  const found: number[] = [];
  for (const batch of chunks(ids)) {
    const rows = await tx
      .selectFrom('submission')
      .select('organisationId')
      .distinct()
      .where('collectionId', '=', collectionId)
      .where('organisationId', 'in', batch)
      .execute();
    found.push(...rows.map((r) => r.organisationId));
  }
  return found;
}

/** Inserts recipients in 1,000-row statements; ids already recipients are skipped. Returns rows created. */
export async function insertRecipients(
  tx: Tx,
  collectionId: number,
  ids: number[],
  flags: { isTrustAuthorisationRequired: boolean; isNhsiAuthorisationRequired: boolean },
) {
  let added = 0;
  for (const batch of chunks(ids)) {
    const rows = await tx
      .insertInto('collectionOrganisation')
      .values(batch.map((organisationId) => ({ collectionId, organisationId, ...flags })))
      .onConflict((oc) => oc.columns(['collectionId', 'organisationId']).doNothing())
      .returning('organisationId')
      .execute();
    added += rows.length;
  }
  return added;
}

/** Deletes recipients (their submitter roles go with them, by cascade). Returns rows deleted. */
export async function deleteRecipients(tx: Tx, collectionId: number, ids: number[]) {
  let removed = 0;
  for (const batch of chunks(ids)) {
    const result = await tx
      .deleteFrom('collectionOrganisation')
      .where('collectionId', '=', collectionId)
      .where('organisationId', 'in', batch)
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}

export async function countRecipients(tx: Tx | Db, collectionId: number) {
  const row = await tx
    .selectFrom('collectionOrganisation')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('collectionId', '=', collectionId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The current flags of the given recipients (ids that are not recipients are absent). */
export async function findRecipients(tx: Tx, collectionId: number, ids: number[]) {
  const found: {
    organisationId: number;
    isTrustAuthorisationRequired: boolean;
    isNhsiAuthorisationRequired: boolean;
  }[] = [];
  for (const batch of chunks(ids)) {
    found.push(
      ...(await tx
        .selectFrom('collectionOrganisation')
        .select(['organisationId', 'isTrustAuthorisationRequired', 'isNhsiAuthorisationRequired'])
        .where('collectionId', '=', collectionId)
        .where('organisationId', 'in', batch)
        .execute()),
    );
  }
  return found;
}

/** The (published collection, organisation) pairs a user holds submitter roles for. */
export function findSubmitterCollectionOrganisations(db: Db, userId: number, query?: string) {
  return db
    .selectFrom('collectionOrganisationRole as cor')
    .innerJoin('collection as c', 'c.id', 'cor.collectionId')
    .innerJoin('organisation as o', 'o.id', 'cor.organisationId')
    .select([
      'cor.collectionId',
      'c.name as collectionName',
      'cor.organisationId',
      'o.name as organisationName',
      'o.code as organisationCode',
      'cor.role',
    ])
    .where('cor.userId', '=', userId)
    .where('c.status', '=', 'published')
    .$if(!!query, (qb) => {
      const pattern = containsPattern(query ?? '');
      return qb.where((eb) =>
        eb.or([
          eb(sql`lower(c.name)`, 'like', pattern),
          eb(sql`lower(o.name)`, 'like', pattern),
          eb(sql`lower(o.code)`, 'like', pattern),
        ]),
      );
    })
    .orderBy('c.name')
    .orderBy('o.name')
    .orderBy('cor.organisationId')
    .orderBy('cor.role')
    .execute();
}
