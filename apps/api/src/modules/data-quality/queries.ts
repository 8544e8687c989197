import type { DataQualityFinding, DataQualityRule } from '@dcf/domain/data-quality';
import { sql } from 'kysely';
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

export interface PeriodKey {
  collectionId: number;
  periodId: number;
  organisationId: number;
}

/**
 * In one query: the organisation's last submitted return in the collection before this period (its
 * official revision's answers and its period's name), and the previous period (the one starting last
 * before this one) with every organisation's submitted answers for the statistics.
 */
export async function findPreviousData(db: Db | Tx, key: PeriodKey) {
  const result = await sql<{
    kind: 'own' | 'all';
    periodName: string;
    content: Record<string, unknown>;
  }>`
    with current_period as (
      select start from reporting_period where id = ${key.periodId} and collection_id = ${key.collectionId}
    ),
    earlier as (
      select rp.id, rp.name, rp.start, s.organisation_id, r.content
      from reporting_period rp
      join submission s on s.reporting_period_id = rp.id and s.official_revision_id is not null
      join submission_revision r on r.id = s.official_revision_id
      where rp.collection_id = ${key.collectionId}
        and rp.start < (select start from current_period)
    ),
    own as (
      select 'own' as kind, name as period_name, content from earlier
      where organisation_id = ${key.organisationId}
      order by start desc, id desc limit 1
    ),
    previous_period as (
      select id from reporting_period
      where collection_id = ${key.collectionId} and start < (select start from current_period)
      order by start desc, id desc limit 1
    )
    select kind, period_name as "periodName", content from own
    union all
    select 'all', name, content from earlier where id = (select id from previous_period)
  `.execute(db);
  const own = result.rows.find((row) => row.kind === 'own');
  const all = result.rows.filter((row) => row.kind === 'all');
  return {
    previous: own ? { periodName: own.periodName, answers: asObject(own.content) } : null,
    statsPeriodName: all[0]?.periodName ?? null,
    periodReturns: all.map((row) => asObject(row.content)),
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
