import { periodSubmissionStatusLabels } from '@dcf/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { returnVisible, type Viewer } from '../../platform/visibility';
import type { ExportRow } from '../exports/queries';
import { submissionStatusSql } from '../views/status-sql';
import type { Filterable } from './filter';
import type { EdmType, FixedKey, Property } from './model';

/**
 * The feed's SQL (decision 0040). Every entity set is a relation `b` built on the returns of one
 * collection: each reporting period's recipients and any other organisation that sent a return (the
 * export's rows), the official revision's answers, filtered by THE visibility rule
 * (platform/visibility.ts: `returnVisible`, the one the lists and detail routes use). A page is read
 * as the export reads a file: its keys first (filter, order, offset, limit), then its rows in small
 * batches by key, all in one snapshot, so memory holds a batch, never the feed.
 */
export interface FeedScope {
  collectionId: number;
  viewer: Viewer;
  now: Date;
}

const statusWords = (now: Date) =>
  sql<string>`(case ${submissionStatusSql(now)} ${sql.join(
    Object.entries(periodSubmissionStatusLabels).map(([code, words]) => sql`when ${code} then ${words}`),
    sql` `,
  )} end)`;

/** The returns of the collection the viewer may see, one row per period and organisation. */
function returnsRelation(scope: FeedScope) {
  return sql`(select rp.id as period_id, rp.name as period,
      to_char(rp.start, 'YYYY-MM-DD') as period_start, to_char(rp."end", 'YYYY-MM-DD') as period_end,
      rp.start as period_start_date,
      o.id as organisation_id, o.code as organisation_code, o.name as organisation_name,
      ${statusWords(scope.now)} as status,
      u.name as submitted_by, r.created_at as submitted_at, f.version as form_version,
      r.content as content, r.data_quality as data_quality
    from reporting_period rp
    cross join lateral (
      select organisation_id from collection_organisation where collection_id = rp.collection_id
      union select organisation_id from submission where reporting_period_id = rp.id) rcp
    join organisation o on o.id = rcp.organisation_id
    left join submission s on s.reporting_period_id = rp.id and s.organisation_id = o.id
    left join submission_revision r on r.id = s.official_revision_id
    left join app_user u on u.id = r.created_by
    left join form f on f.id = s.form_id
    where rp.collection_id = ${scope.collectionId}::integer
      and ${returnVisible(scope.viewer, 'rp.collectionId', 'o.id', sql<SqlBool>`s.official_revision_id is not null`)})`;
}

/** One grid's rows (the grid at `path` in each visible return's answers), numbered from 1. */
function gridRelation(scope: FeedScope, path: string[]) {
  const at = sql`ret.content #> ${path}::text[]`;
  return sql`(select ret.period_id, ret.organisation_id, ret.period_start_date, ret.organisation_name,
      g.n as row_number, g.value as content
    from ${returnsRelation(scope)} ret
    cross join lateral jsonb_array_elements(case when jsonb_typeof(${at}) = 'array' then ${at} else '[]'::jsonb end)
      with ordinality g(value, n))`;
}

/** What a page is read from: the relation, its key columns and its default order. */
export interface FeedSet {
  relation: RawBuilder<unknown>;
  keys: string[];
  order: string[];
}

export const returnsSet = (scope: FeedScope): FeedSet => ({
  relation: returnsRelation(scope),
  keys: ['period_id', 'organisation_id'],
  order: ['period_start_date', 'period_id', 'organisation_name', 'organisation_id'],
});

export const gridSet = (scope: FeedScope, path: string[]): FeedSet => ({
  relation: gridRelation(scope, path),
  keys: ['period_id', 'organisation_id', 'row_number'],
  order: ['period_start_date', 'period_id', 'organisation_name', 'organisation_id', 'row_number'],
});

const FIXED_SQL: Record<FixedKey, RawBuilder<unknown> | null> = {
  id: sql`(b.period_id::text || '-' || b.organisation_id::text)`,
  periodId: sql`b.period_id::numeric`,
  period: sql`b.period`,
  periodStart: sql`b.period_start`,
  periodEnd: sql`b.period_end`,
  organisationId: sql`b.organisation_id::numeric`,
  organisationCode: sql`b.organisation_code`,
  organisationName: sql`b.organisation_name`,
  status: sql`b.status`,
  submittedBy: sql`b.submitted_by`,
  submittedAt: sql`b.submitted_at`,
  formVersion: sql`b.form_version::numeric`,
  // Worded from the findings in JavaScript (data-quality/print.ts): not in SQL, so not filtered on.
  dataQuality: null,
};

/** `case` guards in this order: PostgreSQL evaluates a `case` lazily, so no cast below can fail. */
const dayInMonth = (y: RawBuilder<unknown>, m: RawBuilder<unknown>) =>
  sql`extract(day from (make_date(${y}, ${m}, 1) + interval '1 month - 1 day'))`;

/** A `day` answer (MM/DD/YYYY, or DD/MM/YYYY with dayFirst) as ISO text when it names a real day. */
function dayAsIso(text: RawBuilder<unknown>, dayFirst: boolean) {
  const [d, m] = dayFirst ? [1, 4] : [4, 1];
  const y = sql`substr(${text}, 7, 4)::int`;
  const mo = sql`substr(${text}, ${sql.lit(m)}, 2)::int`;
  const day = sql`substr(${text}, ${sql.lit(d)}, 2)::int`;
  return sql`(case when ${text} ~ '^\\d{2}/\\d{2}/\\d{4}$' then
    case when ${y} >= 1 and ${mo} between 1 and 12 then
      case when ${day} between 1 and ${dayInMonth(y, mo)} then
        substr(${text}, 7, 4) || '-' || substr(${text}, ${sql.lit(m)}, 2) || '-' || substr(${text}, ${sql.lit(d)}, 2)
      end end end)`;
}

/** A date-time answer (ISO text with its offset) as timestamptz when it is a real instant. */
function instantOf(text: RawBuilder<unknown>) {
  const part = (from: number, length: number) =>
    sql`substr(${text}, ${sql.lit(from)}, ${sql.lit(length)})::int`;
  return sql`(case when ${text} ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,12})?)?(Z|[+-]\\d{2}:\\d{2})$' then
    case when ${part(1, 4)} >= 1 and ${part(6, 2)} between 1 and 12 and ${part(12, 2)} < 24 and ${part(15, 2)} < 60
      and (case when ${text} ~ '^.{16}:' then ${part(18, 2)} else 0 end) < 60
      and (case when right(${text}, 1) = 'Z' then 0 else substr(right(${text}, 6), 2, 2)::int end) < 15 then
      case when ${part(9, 2)} between 1 and ${dayInMonth(part(1, 4), part(6, 2))} then ${text}::timestamptz end
    end end)`;
}

/** A question's answer in SQL, as its EDM type; `content` is the jsonb holding it. */
export function answerSql(property: Property, content: RawBuilder<unknown>): RawBuilder<unknown> {
  const column = property.column;
  if (!column) throw new Error(`${property.name} is not a question`);
  const x = sql`(${content} #> ${column.path.map(String)}::text[])`;
  const text = sql`(${x} #>> '{}')`;
  return answerByType(property.type, x, text, column.dayFirst === true);
}

function answerByType(type: EdmType, x: RawBuilder<unknown>, text: RawBuilder<unknown>, dayFirst: boolean) {
  switch (type) {
    case 'Edm.Decimal':
      return sql`(case when jsonb_typeof(${x}) = 'number' then ${text}::numeric end)`;
    case 'Edm.Int64':
      return sql`(case when jsonb_typeof(${x}) = 'number' then
        case when ${text}::numeric = trunc(${text}::numeric) then ${text}::numeric end end)`;
    case 'Edm.Boolean':
      return sql`(case when jsonb_typeof(${x}) = 'boolean' then ${text}::boolean end)`;
    case 'Edm.Date':
      return sql`(case when jsonb_typeof(${x}) = 'string' then ${dayAsIso(text, dayFirst)} end)`;
    case 'Edm.DateTimeOffset':
      return sql`(case when jsonb_typeof(${x}) = 'string' then ${instantOf(text)} end)`;
    case 'Edm.String':
      return sql`(case when jsonb_typeof(${x}) = 'string' then ${text} when jsonb_typeof(${x}) <> 'null' then ${x}::text end)`;
  }
}

/** A property of a set as the filter and the order see it. */
export function filterableOf(property: Property): Filterable {
  if (property.fixed) return { type: property.type, expr: FIXED_SQL[property.fixed] };
  if (property.name === 'ReturnId') return { type: property.type, expr: FIXED_SQL.id };
  if (property.name === 'RowNumber') return { type: property.type, expr: sql`b.row_number::numeric` };
  return { type: property.type, expr: answerSql(property, sql`b.content`) };
}

export async function countRows(db: Db, set: FeedSet, where: RawBuilder<SqlBool>): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from ${set.relation} b where ${where}`.execute(db);
  return rows[0]?.n ?? 0;
}

export interface OrderSql {
  expr: RawBuilder<unknown>;
  descending: boolean;
}

/**
 * The keys of one page, in order: the client's $orderby first (nulls first when ascending, as
 * OData orders them), then the set's own order, which ends in the key, so pages never overlap.
 */
export async function pageKeys(
  db: Db,
  set: FeedSet,
  where: RawBuilder<SqlBool>,
  order: OrderSql[],
  offset: number,
  limit: number,
): Promise<number[][]> {
  const orderBy = [
    ...order.map((o) => (o.descending ? sql`${o.expr} desc nulls last` : sql`${o.expr} asc nulls first`)),
    ...set.order.map((column) => sql`b.${sql.raw(column)}`),
  ];
  const { rows } = await sql<Record<string, number>>`
    select ${sql.join(set.keys.map((k) => sql`b.${sql.raw(k)}::int as ${sql.raw(`k${set.keys.indexOf(k)}`)}`))}
    from ${set.relation} b where ${where}
    order by ${sql.join(orderBy)}
    limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => set.keys.map((_, i) => Number(row[`k${i}`])));
}

/** A return of the feed: the export's row (answers as JSON text) with its period. */
export interface ReturnRow extends ExportRow {
  periodId: number;
  period: string;
  periodStart: string;
  periodEnd: string;
  rowNumber?: number;
}

/** The rows with the given keys (any order; the caller puts them in the page's). */
export async function rowsByKeys(db: Db, set: FeedSet, keys: number[][]): Promise<ReturnRow[]> {
  if (keys.length === 0) return [];
  const tuple = (values: number[]) => sql`(${sql.join(values.map((v) => sql`${v}::integer`))})`;
  const isGrid = set.keys.length === 3;
  const { rows } = await sql<ReturnRow>`
    select b.period_id as "periodId", b.organisation_id as "organisationId",
      ${
        isGrid
          ? sql`b.row_number::int as "rowNumber", b.content::text as content`
          : sql`b.period as period, b.period_start as "periodStart", b.period_end as "periodEnd",
      b.organisation_code as "organisationCode", b.organisation_name as "organisationName", b.status,
      b.submitted_by as "submittedBy", b.submitted_at as "submittedAt", b.form_version as "formVersion",
      b.content::text as content, b.data_quality::text as "dataQuality"`
      }
    from ${set.relation} b
    where (${sql.join(set.keys.map((k) => sql`b.${sql.raw(k)}`))}) in (${sql.join(keys.map(tuple))})`.execute(
    db,
  );
  return rows;
}
