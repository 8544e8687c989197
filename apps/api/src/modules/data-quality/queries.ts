import type {
  DataQualityFinding,
  DataQualityRule,
  PeriodDataQualityParams,
  PeriodDataQualitySortBy,
} from '@dcf/domain/data-quality';
import { NUMBER_AS_TEXT } from '@dcf/forms/data-quality/values';
import { type RawBuilder, sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { formHasSubmissions } from '../forms/queries';
import { containsPattern } from '../organisations/queries';

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
      formHasSubmissions(eb).as('hasSubmissions'),
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
 * An answer's number in SQL, as `numberIn` (@dcf/forms/data-quality/values) reads it in TypeScript: a
 * JSON number, or text that NUMBER_AS_TEXT reads, bound as a parameter (the same string in both
 * engines; a template string once cooked its backslashes away, and one `1,5` failed every save). Minus
 * zero reads as 0 (`+ 0`). Anything else is null.
 */
export const numberSql = (json: RawBuilder<unknown>) => sql<number | null>`case jsonb_typeof(${json})
  when 'number' then (${json} #>> '{}')::float8 + 0
  when 'string' then substring(${json} #>> '{}' from ${NUMBER_AS_TEXT}::text)::float8 + 0
  end`;
/** Which return the rule inputs are for: a saved submission, or a page (period and organisation). */
export type RuleInputsKey = { submissionId: number } | PeriodKey;

interface RuleInputsRow {
  previousPeriodName: string | null;
  previousContent: unknown;
  statsPeriodName: string | null;
  statisticsComputedAt: Date | null;
  statistics: unknown;
  stamp: string | null;
}

/**
 * What the rules read beyond the answers, in one small statement of index lookups (decision 0034): the
 * organisation's last submitted return in the collection before this period (its official revision's
 * answers and its period's name) and the previous period with its stored statistics (period_statistics,
 * computed once when it closed) for the given field paths only (ruleInputSources). It reads no other
 * organisation's return. A save holds what it read per return (submissions/rule-inputs-held.ts) and reads
 * it again, in its transaction, only when the stamp its locked statement reads has moved.
 */
export async function findRuleInputs(db: Db | Tx, key: RuleInputsKey, paths: readonly string[]) {
  const current =
    'submissionId' in key
      ? currentOfSubmission(sql`${key.submissionId}::integer`)
      : sql`select collection_id, ${key.organisationId}::int as organisation_id, start
          from reporting_period where id = ${key.periodId} and collection_id = ${key.collectionId}`;
  const { rows } = await sql<RuleInputsRow>`
    ${ruleInputSources(current)}
    select (select name from own) as "previousPeriodName",
      (select r.content from submission_revision r where r.id = (select official_revision_id from own))
        as "previousContent",
      pp.name as "statsPeriodName", ps.computed_at as "statisticsComputedAt",
      (select jsonb_object_agg(f.key, f.value) from jsonb_each(ps.statistics) f
        where f.key = any(${[...new Set(paths)]}::text[])) as statistics,
      ${ruleInputsStampOf} as stamp
    from (select 1) one
    left join previous_period pp on true
    left join period_statistics ps on ps.reporting_period_id = pp.id
  `.execute(db);
  const row = rows[0];
  const stats: Record<string, Record<string, unknown>> = {};
  for (const [path, values] of Object.entries(asObject(row?.statistics ?? {}))) {
    const [first, column] = path.split('.') as [string, string | undefined];
    stats[first] =
      column === undefined
        ? { ...stats[first], ...(values as object) }
        : { ...stats[first], [column]: values };
  }
  return {
    previous:
      row?.previousPeriodName != null
        ? { periodName: row.previousPeriodName, answers: asObject(row.previousContent) }
        : null,
    statsPeriodName: row?.statsPeriodName ?? null,
    /** When last period's statistics were computed; null while it has not closed (the range checks pass). */
    statisticsComputedAt: row?.statisticsComputedAt ?? null,
    stats,
    /** Which inputs these are (ruleInputsStamp): equal stamps, equal inputs. */
    stamp: row?.stamp ?? '',
  };
}

/** The return's collection, organisation and period start (`submission`: its id, a value or a column). */
const currentOfSubmission = (submission: RawBuilder<unknown>) =>
  sql`select rp.collection_id, s.organisation_id, rp.start
    from submission s join reporting_period rp on rp.id = s.reporting_period_id
    where s.id = ${submission}`;

/**
 * Where the rules' inputs come from, for the return `current` (collection_id, organisation_id, start):
 * the previous period (the one starting last before this one), and the organisation's own last submitted
 * return before it (the periods before this one, newest first, each probed by (period, organisation) in
 * the order of the (collection, start, end) index, so the walk stops at the first return found).
 */
const ruleInputSources = (current: RawBuilder<unknown>) => sql`
    with current_return as (${current}),
    previous_period as (
      select rp.id, rp.name from reporting_period rp
      join current_return c on rp.collection_id = c.collection_id and rp.start < c.start
      order by rp.start desc, rp."end" desc limit 1
    ),
    own as (
      select o.name, o.official_revision_id
      from current_return c
      cross join lateral (
        select rp.name, s.official_revision_id
        from reporting_period rp
        join submission s on s.reporting_period_id = rp.id and s.organisation_id = c.organisation_id
        where rp.collection_id = c.collection_id and rp.start < c.start and s.official_revision_id is not null
        order by rp.start desc, rp."end" desc limit 1
      ) o
    )`;

/**
 * Everything the inputs are read from, as text (given previous_period as pp, its period_statistics as
 * ps, and own): the previous period and its name, when its statistics were computed, and the
 * organisation's last submitted revision (revisions never change) and its period's name.
 */
const ruleInputsStampOf = sql<string>`concat(pp.id, '/', pp.name, '/', ps.computed_at, '/',
      (select official_revision_id from own), '/', (select name from own))`;

/**
 * The stamp of a saved return's rule inputs (`submission`: its id column), to read in the save's locked
 * statement: when it equals the stamp of inputs read earlier (findRuleInputs), those inputs still hold,
 * so a save whose rules' inputs have not changed reads them once per process, not once per save.
 */
export const ruleInputsStamp = (submission: string) => sql<string>`(
    ${ruleInputSources(currentOfSubmission(sql.ref(submission)))}
    select ${ruleInputsStampOf}
    from (select 1) one
    left join previous_period pp on true
    left join period_statistics ps on ps.reporting_period_id = pp.id)`;

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

/** The rules of a period's form version. */
export async function findPeriodRules(db: Db, periodId: number): Promise<DataQualityRule[]> {
  const row = await db
    .selectFrom('reportingPeriod')
    .leftJoin('form', 'form.id', 'reportingPeriod.formId')
    .select('form.dataQualityRules')
    .where('reportingPeriod.id', '=', periodId)
    .executeTakeFirst();
  return (row?.dataQualityRules ?? []) as DataQualityRule[];
}

/**
 * A period's submitted returns, those with warnings, and how many returns each rule flagged, in one
 * statement: the submissions are counted from their own rows (`official_warnings`, decision 0034) and
 * only the revisions of returns with warnings are opened for their findings (a partial index).
 */
export async function countPeriodFindings(db: Db, periodId: number) {
  const { rows } = await sql<{ ruleId: string | null; returns: number; withWarnings: number }>`
    select null as "ruleId",
      count(*) filter (where official_revision_id is not null)::int as returns,
      count(*) filter (where official_warnings > 0)::int as "withWarnings"
    from submission where reporting_period_id = ${periodId}
    union all
    select f.value ->> 'ruleId', count(distinct s.id)::int, 0
    from submission s
    join submission_revision r on r.id = s.official_revision_id
    cross join jsonb_array_elements(r.data_quality) f
    where s.reporting_period_id = ${periodId} and s.official_warnings > 0 and not f.value ? 'notChecked'
    group by 1
  `.execute(db);
  const total = rows.find((row) => row.ruleId === null);
  return {
    returnsSubmitted: total?.returns ?? 0,
    returnsWithWarnings: total?.withWarnings ?? 0,
    byRule: new Map(
      rows.filter((row) => row.ruleId !== null).map((row) => [row.ruleId as string, row.returns]),
    ),
  };
}

/**
 * Per rule, the period's submitted returns where it could not be evaluated (`notChecked`, decision
 * 0030), with one of the reasons. Such a finding is no warning, so these returns are not among those
 * the warnings index finds: the revisions holding one are found by their own partial index (migration
 * 0031, the same predicate), few whatever the period's size, and kept when official in this period.
 */
export async function countNotChecked(db: Db, periodId: number) {
  const { rows } = await sql<{ ruleId: string; returns: number; reason: string | null }>`
    select f.value ->> 'ruleId' as "ruleId", count(*)::int as returns, min(f.value ->> 'notChecked') as reason
    from submission_revision r
    join submission s on s.official_revision_id = r.id
    cross join jsonb_array_elements(r.data_quality) f
    where r.data_quality @? '$[*].notChecked' and s.reporting_period_id = ${periodId}
      and f.value ? 'notChecked'
    group by 1
  `.execute(db);
  return new Map(rows.map((row) => [row.ruleId, { returns: row.returns, reason: row.reason }]));
}

const findingsSort: Record<PeriodDataQualitySortBy, string> = {
  name: 'm.name',
  code: 'm.code',
  submittedAt: 'm.submitted_at',
  warnings: 'm.warnings',
};

/**
 * One page of a period's returns with warnings (official revisions), filtered by one rule's findings and
 * by name or code, sorted and paged in SQL, with the count of all matching rows beside each. The
 * matching returns (a few thousand of a national period, by the warnings index) are gathered once and
 * sorted there: joined in one query, the planner walked every organisation by name to stop at the page
 * (15,000 probes, 0.1-15 s, decision 0041). A revision is opened for the page's rows only, or for every
 * match when filtering by rule.
 */
export async function listPeriodFindings(db: Db, periodId: number, params: PeriodDataQualityParams) {
  const conditions = [sql`s.reporting_period_id = ${periodId}`, sql`s.official_warnings > 0`];
  if (params.ruleId !== undefined)
    conditions.push(sql`exists (
      select 1 from submission_revision r cross join jsonb_array_elements(r.data_quality) f
      where r.id = s.official_revision_id and f.value ->> 'ruleId' = ${params.ruleId}
        and not f.value ? 'notChecked'
    )`);
  if (params.query) {
    const pattern = containsPattern(params.query);
    conditions.push(sql`(lower(o.name) like ${pattern} or lower(o.code) like ${pattern})`);
  }
  const direction = params.sortOrder === 'DESC' ? sql`desc` : sql`asc`;
  const { rows } = await sql<{
    submissionId: number;
    organisationId: number;
    submittedAt: Date | null;
    organisationName: string;
    organisationCode: string;
    warnings: number;
    dataQuality: unknown;
    total: number;
  }>`
    with matching as materialized (
      select s.id, s.organisation_id, s.submitted_at, s.official_warnings as warnings,
        s.official_revision_id, o.name, o.code
      from submission s
      join organisation o on o.id = s.organisation_id
      where ${sql.join(conditions, sql` and `)}
    ), page as (
      select * from matching m
      order by ${sql.raw(findingsSort[params.sortBy])} ${direction} nulls last, m.name, m.id
      limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}
    )
    select p.id as "submissionId", p.organisation_id as "organisationId", p.submitted_at as "submittedAt",
      p.name as "organisationName", p.code as "organisationCode", p.warnings,
      r.data_quality as "dataQuality", (select count(*) from matching)::int as total
    from page p
    join submission_revision r on r.id = p.official_revision_id
    order by ${sql.raw(findingsSort[params.sortBy].replace('m.', 'p.'))} ${direction} nulls last, p.name, p.id
  `.execute(db);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((row) => ({ ...row, findings: asArray(row.dataQuality) as DataQualityFinding[] })),
  };
}
