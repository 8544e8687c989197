import type { DataQualityFinding, DataQualityRule } from '@dcf/domain/data-quality';
import { type RawBuilder, sql } from 'kysely';
import type { Db, Tx } from '../../db/database';

/** SQL of the data quality module (decision 0028). */

/** A form version of the collection with its rule set, locked for an update when `forUpdate`. */
export async function findFormRules(db: Db | Tx, collectionId: number, formId: number, forUpdate = false) {
  let query = db
    .selectFrom('form')
    .select((eb) => [
      'form.id',
      'form.version',
      'form.definition',
      'form.dataQualityRules',
      eb
        .exists(
          eb.selectFrom('submission').select('submission.id').whereRef('submission.formId', '=', 'form.id'),
        )
        .as('hasSubmissions'),
    ])
    .where('form.collectionId', '=', collectionId)
    .where('form.id', '=', formId);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? { ...row, rules: row.dataQualityRules as DataQualityRule[] } : undefined;
}

/** The rules of one form version (a submission's). */
export async function findRulesOfForm(db: Db | Tx, formId: number): Promise<DataQualityRule[]> {
  const row = await db
    .selectFrom('form')
    .select('dataQualityRules')
    .where('id', '=', formId)
    .executeTakeFirst();
  return (row?.dataQualityRules ?? []) as DataQualityRule[];
}

/** The rule set of every version of the collection's form. */
export async function findRuleSetsOfCollection(tx: Tx, collectionId: number) {
  const rows = await tx
    .selectFrom('form')
    .select('dataQualityRules')
    .where('collectionId', '=', collectionId)
    .execute();
  return rows.map((row) => row.dataQualityRules as DataQualityRule[]);
}

/** Replaces one version's rule set in place (the caller has checked it has no returns). */
export function updateFormRules(tx: Tx, formId: number, rules: readonly DataQualityRule[]) {
  return tx
    .updateTable('form')
    .set({ dataQualityRules: JSON.stringify(rules) })
    .where('id', '=', formId)
    .execute();
}

export interface PeriodKey {
  collectionId: number;
  periodId: number;
  organisationId: number;
}

/** Fewer submitted returns than this answering a field and it gets no statistics (small-number suppression). */
export const MIN_RETURNS_FOR_STATISTICS = 5;

/**
 * A field path's number in a return's answers, in SQL, as `fieldValue` (@dcf/forms/data-quality/values)
 * reads it: a number (or a number written as text) for `key`; for `grid.column`, the column's total over
 * the grid's rows (0 for a grid without numbers), null when the grid is not there.
 */
const numberOf = (json: RawBuilder<unknown>) => sql`case jsonb_typeof(${json})
  when 'number' then (${json} #>> '{}')::float8
  when 'string' then case when (${json} #>> '{}') ~ '^\s*-?[0-9]+(\.[0-9]+)?\s*$' then trim(${json} #>> '{}')::float8 end
  end`;

interface PreviousRow {
  kind: 'own' | 'period' | 'stat';
  periodName: string;
  content: unknown;
  path: string | null;
  count: number | null;
  min: number | null;
  p5: number | null;
  median: number | null;
  p95: number | null;
  max: number | null;
}

/**
 * In one query: the organisation's last submitted return in the collection before this period (its
 * official revision's answers and its period's name), and the previous period (the one starting last
 * before this one) with the statistics of the given field paths over its submitted returns, computed
 * in the database (nearest-rank percentiles, as `percentile_disc`), so a save never reads every
 * organisation's answers.
 */
export async function findPreviousData(db: Db | Tx, key: PeriodKey, paths: readonly string[]) {
  const top = sql`r.content -> split_part(p.path, '.', 1)`;
  const cell = sql`e -> split_part(p.path, '.', 2)`;
  const result = await sql<PreviousRow>`
    with current_period as (
      select start from reporting_period where id = ${key.periodId} and collection_id = ${key.collectionId}
    ),
    previous_period as (
      select id, name from reporting_period
      where collection_id = ${key.collectionId} and start < (select start from current_period)
      order by start desc, id desc limit 1
    ),
    own as (
      select rp.name as period_name, r.content
      from submission s
      join reporting_period rp on rp.id = s.reporting_period_id
      join submission_revision r on r.id = s.official_revision_id
      where s.collection_id = ${key.collectionId} and s.organisation_id = ${key.organisationId}
        and rp.start < (select start from current_period)
      order by rp.start desc, rp.id desc limit 1
    ),
    field_values as (
      select p.path,
        case when strpos(p.path, '.') = 0 then ${numberOf(top)}
        when jsonb_typeof(${top}) = 'array' then
          (select coalesce(sum(${numberOf(cell)}), 0) from jsonb_array_elements(${top}) e)
        end as value
      from submission s
      join submission_revision r on r.id = s.official_revision_id
      cross join unnest(${[...new Set(paths)]}::text[]) as p(path)
      where s.reporting_period_id = (select id from previous_period)
    ),
    stats as (
      select path, count(value)::int as count, min(value) as min,
        percentile_disc(0.05) within group (order by value) as p5,
        percentile_disc(0.5) within group (order by value) as median,
        percentile_disc(0.95) within group (order by value) as p95,
        max(value) as max
      from field_values where value is not null
      group by path having count(value) >= ${MIN_RETURNS_FOR_STATISTICS}
    )
    select 'own' as kind, period_name as "periodName", content, null as path, null::int as count,
      null::float8 as min, null::float8 as p5, null::float8 as median, null::float8 as p95, null::float8 as max
    from own
    union all
    select 'period', name, null, null, null, null, null, null, null, null from previous_period
    union all
    select 'stat', (select name from previous_period), null, path, count, min, p5, median, p95, max from stats
  `.execute(db);
  const own = result.rows.find((row) => row.kind === 'own');
  const stats: Record<string, Record<string, unknown>> = {};
  for (const row of result.rows) {
    if (row.kind !== 'stat' || row.path === null) continue;
    const values = {
      count: row.count,
      min: row.min,
      p5: row.p5,
      median: row.median,
      p95: row.p95,
      max: row.max,
    };
    const [first, column] = row.path.split('.') as [string, string | undefined];
    stats[first] =
      column === undefined ? { ...stats[first], ...values } : { ...stats[first], [column]: values };
  }
  return {
    previous: own ? { periodName: own.periodName, answers: asObject(own.content) } : null,
    statsPeriodName: result.rows.find((row) => row.kind === 'period')?.periodName ?? null,
    stats,
  };
}

/** node-postgres parses jsonb; PGlite's adapter may hand back text. */
const asObject = (value: unknown): Record<string, unknown> =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

/** The findings saved with a revision. */
export async function findRevisionFindings(db: Db | Tx, revisionId: number): Promise<DataQualityFinding[]> {
  const row = await db
    .selectFrom('submissionRevision')
    .select('dataQuality')
    .where('id', '=', revisionId)
    .executeTakeFirst();
  return (row ? asArray(row.dataQuality) : []) as DataQualityFinding[];
}

const asArray = (value: unknown): unknown[] =>
  typeof value === 'string' ? JSON.parse(value) : (value as unknown[]);

export async function saveRevisionFindings(tx: Tx, revisionId: number, findings: DataQualityFinding[]) {
  await tx
    .updateTable('submissionRevision')
    .set({
      dataQuality: JSON.stringify(findings),
      dataQualityWarnings: findings.filter((f) => f.severity === 'warning').length,
    })
    .where('id', '=', revisionId)
    .execute();
}

/** A period's form version rules and its submitted returns' findings (official revisions). */
export async function findPeriodFindings(db: Db, periodId: number) {
  const period = await db
    .selectFrom('reportingPeriod')
    .leftJoin('form', 'form.id', 'reportingPeriod.formId')
    .select(['reportingPeriod.id', 'form.dataQualityRules'])
    .where('reportingPeriod.id', '=', periodId)
    .executeTakeFirst();
  const returns = await db
    .selectFrom('submission')
    .innerJoin('submissionRevision as r', 'r.id', 'submission.officialRevisionId')
    .innerJoin('organisation', 'organisation.id', 'submission.organisationId')
    .select([
      'submission.id as submissionId',
      'submission.organisationId',
      'submission.submittedAt',
      'organisation.name as organisationName',
      'organisation.code as organisationCode',
      'r.dataQuality',
      'r.dataQualityWarnings',
    ])
    .where('submission.reportingPeriodId', '=', periodId)
    .orderBy('organisation.name')
    .execute();
  return {
    rules: (period?.dataQualityRules ?? []) as DataQualityRule[],
    returns: returns.map((row) => ({ ...row, findings: asArray(row.dataQuality) as DataQualityFinding[] })),
  };
}
