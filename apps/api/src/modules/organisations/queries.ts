import type { OrganisationValues } from '@dcf/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { OrganisationListParams } from './schemas';

/** The columns every organisation view reads, with its region and type. */
function baseQuery(db: Db | Tx) {
  return db
    .selectFrom('organisation as o')
    .leftJoin('region as r', 'r.id', 'o.regionId')
    .leftJoin('organisationType as t', 't.id', 'o.organisationTypeId')
    .select([
      'o.id',
      'o.name',
      'o.code',
      'o.isManagementOrg',
      'o.regionId',
      'o.organisationTypeId',
      'o.successorId',
      'o.closureDate',
      'o.odsStatus',
      'r.code as regionCode',
      'r.name as regionName',
      't.shortDescription as typeShortDescription',
      't.longDescription as typeLongDescription',
    ]);
}

export type OrganisationRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

/** `like` pattern for a user's text: %, _ and \ are matched literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const sortColumns = { name: 'o.name', code: 'o.code', closureDate: 'o.closureDate' } as const;

/**
 * Recent search totals per database, by filter. Counting a contains-search reads every row (about 20 ms
 * at 15,000 organisations, the larger part of a search), and a person paging through results asks for
 * the same total on every page. A total is kept for `TOTAL_TTL_MS` and dropped on any change made
 * through this process (`organisationsChanged`); another instance's change shows within the TTL.
 */
const TOTAL_TTL_MS = 60_000;
const MAX_CACHED_TOTALS = 500;
const totalsByDb = new WeakMap<object, Map<string, { total: number; until: number }>>();

/** Forget the cached search totals: call after a committed change to the register. */
export function organisationsChanged(db: Db): void {
  totalsByDb.delete(db);
}

function cachedTotals(db: Db | Tx) {
  let totals = totalsByDb.get(db);
  if (!totals) {
    totals = new Map();
    totalsByDb.set(db, totals);
  }
  return totals;
}

/**
 * One page of organisations, filtered, sorted and paged in SQL. The search matches name or code,
 * case-insensitively, anywhere in the text (trigram indexes on PostgreSQL; prefix btree indexes too).
 */
export async function listOrganisations(db: Db | Tx, params: OrganisationListParams, today: string) {
  const filtered = baseQuery(db).where((eb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (params.query) {
      const pattern = containsPattern(params.query);
      conditions.push(
        eb.or([eb(sql`lower(o.name)`, 'like', pattern), eb(sql`lower(o.code)`, 'like', pattern)]),
      );
    }
    if (params.organisationTypeId !== undefined)
      conditions.push(eb('o.organisationTypeId', '=', params.organisationTypeId));
    if (params.regionId !== undefined) conditions.push(eb('o.regionId', '=', params.regionId));
    // The SQL of isOrganisationOpen: not closed or dormant in the register, and not past its closure date.
    const open = eb.and([
      eb.or([eb('o.odsStatus', 'is', null), eb('o.odsStatus', 'not in', ['closed', 'dormant'])]),
      eb.or([eb('o.closureDate', 'is', null), eb('o.closureDate', '>', today)]),
    ]);
    if (params.isOpen === true) conditions.push(open);
    if (params.isOpen === false) conditions.push(eb.not(open));
    return eb.and(conditions);
  });

  const direction = params.sortOrder === 'DESC' ? 'desc' : 'asc';
  const column = sortColumns[params.sortBy];
  const offset = (params.page - 1) * params.pageSize;
  const rows = await filtered
    .orderBy(column, (ob) =>
      params.sortBy === 'closureDate' ? ob[direction]().nullsLast() : ob[direction](),
    )
    .orderBy('o.id', direction)
    .limit(params.pageSize)
    .offset(offset)
    .execute();
  return { items: rows, total: await totalOf() };

  /**
   * A page that is neither full nor empty is the last one, so it gives the exact total for free;
   * otherwise a recent count of the same filter, else count now (and keep it).
   */
  async function totalOf(): Promise<number> {
    if (rows.length > 0 && rows.length < params.pageSize) return offset + rows.length;
    const key = JSON.stringify([
      params.query ?? '',
      params.organisationTypeId,
      params.regionId,
      params.isOpen,
      today,
    ]);
    const totals = cachedTotals(db);
    const cached = totals.get(key);
    if (cached && cached.until > Date.now()) return cached.total;
    const count = await filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    if (totals.size >= MAX_CACHED_TOTALS) totals.clear();
    totals.set(key, { total: Number(count.total), until: Date.now() + TOTAL_TTL_MS });
    return Number(count.total);
  }
}

export async function findOrganisation(db: Db | Tx, id: number) {
  return (await baseQuery(db).where('o.id', '=', id).executeTakeFirst()) ?? null;
}

export async function findOrganisationIdByCode(db: Db | Tx, code: string) {
  const row = await db
    .selectFrom('organisation')
    .select('id')
    .where(sql`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function regionExists(db: Db | Tx, regionId: number) {
  return (
    (await db.selectFrom('region').select('id').where('id', '=', regionId).executeTakeFirst()) !== undefined
  );
}

export async function organisationTypeExists(db: Db | Tx, organisationTypeId: number) {
  const row = await db
    .selectFrom('organisationType')
    .select('id')
    .where('id', '=', organisationTypeId)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertOrganisation(tx: Tx, values: OrganisationValues) {
  return tx.insertInto('organisation').values(values).returning('id').executeTakeFirstOrThrow();
}

/** The organisation's editable values (the audit's "before"), its row locked for the rest of the transaction. */
export function lockOrganisationValues(tx: Tx, id: number) {
  return tx
    .selectFrom('organisation')
    .select(['name', 'code', 'isManagementOrg', 'regionId', 'organisationTypeId', 'closureDate'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updateOrganisationRow(tx: Tx, id: number, values: OrganisationValues) {
  return tx
    .updateTable('organisation')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}
