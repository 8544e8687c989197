import {
  type CollectionOrganisationListQuery,
  isOrganisationOpen,
  type OdsStatus,
  type RecipientCriteria,
} from '@dcf/domain';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { Database } from '../../db/schema';
import { returnVisible, type Viewer } from '../../platform/visibility';
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

/**
 * One page of a collection's recipients, filtered by the criteria of decision 0021 (name or code, type,
 * region, ICB, open or closed) and sorted by name, code, region or type.
 * Only the recipients the viewer may see (the visibility rule, decision 0022).
 */
export async function listCollectionOrganisations(
  db: Db,
  viewer: Viewer,
  collectionId: number,
  params: CollectionOrganisationListQuery,
  today: string,
) {
  const filtered = db
    .selectFrom('collectionOrganisation as co')
    .innerJoin('organisation as o', 'o.id', 'co.organisationId')
    .leftJoin('region as r', 'r.id', 'o.regionId')
    .leftJoin('organisationType as t', 't.id', 'o.organisationTypeId')
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [
        eb('co.collectionId', '=', collectionId),
        matchesCriteria(eb as unknown as OrganisationScope, params, today),
        returnVisible(viewer, 'co.collectionId', 'co.organisationId'),
      ];
      return eb.and(conditions);
    });
  const direction = params.sortOrder === 'DESC' ? 'desc' : 'asc';
  const sortColumn = {
    name: 'o.name',
    code: 'o.code',
    region: 'r.name',
    type: 't.shortDescription',
  } as const;
  const [rows, count] = await Promise.all([
    filtered
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
      .orderBy(sortColumn[params.sortBy], (ob) => ob[direction]().nullsLast())
      .orderBy('o.name', direction)
      .orderBy('o.id', direction)
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

// ---- Recipients by criteria or by a list of ODS codes (decision 0021) -----------------------------

type OrganisationScope = ExpressionBuilder<Database & { o: Database['organisation'] }, 'o'>;

/** The SQL of isOrganisationOpen: not closed or dormant in the register, and not past its closure date. */
function isOpenSql(eb: OrganisationScope, today: string): Expression<SqlBool> {
  return eb.and([
    eb.or([eb('o.odsStatus', 'is', null), eb('o.odsStatus', 'not in', ['closed', 'dormant'])]),
    eb.or([eb('o.closureDate', 'is', null), eb('o.closureDate', '>', today)]),
  ]);
}

/** The organisations (alias `o`) the criteria name; `forceOpen` adds "open" whatever the criteria say. */
function matchesCriteria(
  eb: OrganisationScope,
  criteria: Partial<RecipientCriteria>,
  today: string,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (criteria.query) {
    const pattern = containsPattern(criteria.query);
    conditions.push(
      eb.or([eb(sql`lower(o.name)`, 'like', pattern), eb(sql`lower(o.code)`, 'like', pattern)]),
    );
  }
  if (criteria.organisationTypeId)
    conditions.push(eb('o.organisationTypeId', '=', criteria.organisationTypeId));
  if (criteria.regionId) conditions.push(eb('o.regionId', '=', criteria.regionId));
  if (criteria.stpId) conditions.push(eb('o.stpId', '=', criteria.stpId));
  if (criteria.status === 'open') conditions.push(isOpenSql(eb, today));
  if (criteria.status === 'closed') conditions.push(eb.not(isOpenSql(eb, today)));
  return eb.and(conditions);
}

/** What adding by criteria would do: organisations matched, closed among them, already recipients. */
export async function countCriteriaForAdd(
  db: Db | Tx,
  collectionId: number,
  criteria: RecipientCriteria,
  today: string,
) {
  const row = await db
    .selectFrom('organisation as o')
    .leftJoin('collectionOrganisation as co', (join) =>
      join.onRef('co.organisationId', '=', 'o.id').on('co.collectionId', '=', collectionId),
    )
    .where((eb) => matchesCriteria(eb, criteria, today))
    .select((eb) => [
      eb.fn.countAll<string>().as('matching'),
      sql<string>`count(*) filter (where not ${isOpenSql(eb, today)} and co.organisation_id is null)`.as(
        'closed',
      ),
      sql<string>`count(co.organisation_id)`.as('alreadyDone'),
    ])
    .executeTakeFirstOrThrow();
  return { matching: Number(row.matching), closed: Number(row.closed), alreadyDone: Number(row.alreadyDone) };
}

/** What removing by criteria would do: recipients matched, and those kept because they have submissions. */
export async function countCriteriaForRemove(
  db: Db | Tx,
  collectionId: number,
  criteria: RecipientCriteria,
  today: string,
) {
  const row = await db
    .selectFrom('collectionOrganisation as co')
    .innerJoin('organisation as o', 'o.id', 'co.organisationId')
    .where('co.collectionId', '=', collectionId)
    .where((eb) => matchesCriteria(eb, criteria, today))
    .select((eb) => [
      eb.fn.countAll<string>().as('matching'),
      sql<string>`count(*) filter (where exists (select 1 from submission s where s.collection_id = ${collectionId} and s.organisation_id = co.organisation_id))`.as(
        'withSubmissions',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { matching: Number(row.matching), withSubmissions: Number(row.withSubmissions) };
}

/**
 * Adds every open organisation the criteria name, in ONE `insert ... select` (no ids travel), with the
 * flags the collection forces. Returns rows created.
 */
export async function insertRecipientsByCriteria(
  tx: Tx,
  collectionId: number,
  criteria: RecipientCriteria,
  flags: { isTrustAuthorisationRequired: boolean; isNhsiAuthorisationRequired: boolean },
  today: string,
) {
  const result = await tx
    .insertInto('collectionOrganisation')
    .columns([
      'collectionId',
      'organisationId',
      'isTrustAuthorisationRequired',
      'isNhsiAuthorisationRequired',
    ])
    .expression(
      tx
        .selectFrom('organisation as o')
        .select([
          sql<number>`${collectionId}::int`.as('collectionId'),
          'o.id',
          sql<boolean>`${flags.isTrustAuthorisationRequired}::boolean`.as('isTrustAuthorisationRequired'),
          sql<boolean>`${flags.isNhsiAuthorisationRequired}::boolean`.as('isNhsiAuthorisationRequired'),
        ])
        .where((eb) => eb.and([matchesCriteria(eb, criteria, today), isOpenSql(eb, today)])),
    )
    .onConflict((oc) => oc.columns(['collectionId', 'organisationId']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Removes the recipients the criteria name, in one statement, keeping those with submissions. */
export async function deleteRecipientsByCriteria(
  tx: Tx,
  collectionId: number,
  criteria: RecipientCriteria,
  today: string,
) {
  const result = await tx
    .deleteFrom('collectionOrganisation')
    .where('collectionId', '=', collectionId)
    .where('organisationId', 'in', (eb) =>
      eb
        .selectFrom('organisation as o')
        .select('o.id')
        .where((o) => matchesCriteria(o, criteria, today)),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('submission as s')
            .select('s.id')
            .where('s.collectionId', '=', collectionId)
            .whereRef('s.organisationId', '=', 'collectionOrganisation.organisationId'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The organisations with these ODS codes (one array parameter, not one parameter per code), each with
 * whether it is open, a recipient of the collection, and has submissions in it.
 */
export async function findOrganisationsByCode(
  db: Db | Tx,
  collectionId: number,
  codes: string[],
  today: string,
) {
  if (codes.length === 0) return [];
  return db
    .selectFrom('organisation as o')
    .leftJoin('collectionOrganisation as co', (join) =>
      join.onRef('co.organisationId', '=', 'o.id').on('co.collectionId', '=', collectionId),
    )
    .where(sql<SqlBool>`o.code = any(${codes}::text[])`)
    .select((eb) => [
      'o.id',
      'o.code',
      sql<boolean>`${isOpenSql(eb, today)}`.as('isOpen'),
      sql<boolean>`co.organisation_id is not null`.as('isRecipient'),
      sql<boolean>`exists (select 1 from submission s where s.collection_id = ${collectionId} and s.organisation_id = o.id)`.as(
        'hasSubmissions',
      ),
    ])
    .execute();
}

/** Sets both authorisation flags of the given recipients (one batch of ids, at most 1,000). */
export function setAuthorisationRequired(
  tx: Tx,
  collectionId: number,
  organisationIds: readonly number[],
  required: { isTrustAuthorisationRequired: boolean; isNhsiAuthorisationRequired: boolean },
) {
  return tx
    .updateTable('collectionOrganisation')
    .set(required)
    .where('collectionId', '=', collectionId)
    .where('organisationId', 'in', organisationIds)
    .execute();
}
