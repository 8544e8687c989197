import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { MIN_RETURNS_FOR_STATISTICS, numberSql } from './queries';

/**
 * SQL of a period's statistics, computed once per period (decision 0034): the one statement that reads
 * every submitted return of a period (run by a job, never by a save), and the small reads and writes
 * around it.
 */

/** A field path split as the statement reads it: the answer's key, and a grid's column (or null). */
const splitPath = (path: string) => {
  const [top, column] = path.split('.') as [string, string | undefined];
  return { top, column: column ?? null };
};

/**
 * Computes and stores the statistics of `paths` (number questions' keys and `grid.column` totals) over
 * the period's submitted returns (official revisions), in one statement and so one snapshot: the
 * returns read and the change count stored as seen belong together, so a submit committed after it
 * leaves the row stale (its own job computes again). Each return's answers are read once
 * (`jsonb_each`), not once per path: a national period is 15,000 returns of ~100 answers. Percentiles
 * are nearest-rank (`percentile_disc`, one sort for the three); a field answered by fewer than
 * MIN_RETURNS_FOR_STATISTICS returns gets none (small-number suppression, decision 0028).
 */
export async function computePeriodStatistics(db: Db, periodId: number, paths: readonly string[]) {
  const unique = [...new Set(paths)].map((path) => ({ path, ...splitPath(path) }));
  await sql`
    with field_values as (
      select p.path,
        case when p.column_name is null then ${numberSql(sql`a.value`)}
          when jsonb_typeof(a.value) = 'array' then
            (select coalesce(sum(${numberSql(sql`cell -> p.column_name`)}), 0) from jsonb_array_elements(a.value) cell)
        end as value
      from submission s
      join submission_revision r on r.id = s.official_revision_id
      cross join lateral jsonb_each(case when jsonb_typeof(r.content) = 'object' then r.content else '{}'::jsonb end) a
      join unnest(${unique.map((p) => p.path)}::text[], ${unique.map((p) => p.top)}::text[],
        ${unique.map((p) => p.column)}::text[]) as p(path, top, column_name) on p.top = a.key
      where s.reporting_period_id = ${periodId}
    ),
    stats as (
      select path, count(value)::int as count, min(value) as min, max(value) as max,
        percentile_disc(array[0.05, 0.5, 0.95]::float8[]) within group (order by value) as pct
      from field_values where value is not null
      group by path having count(value) >= ${MIN_RETURNS_FOR_STATISTICS}
    )
    insert into period_statistics (reporting_period_id, computed_change_count, computed_at, returns, statistics)
    select ${periodId},
      (select coalesce(max(change_count), 0) from period_statistics where reporting_period_id = ${periodId}),
      now(),
      (select count(*) from submission where reporting_period_id = ${periodId} and official_revision_id is not null),
      coalesce((select jsonb_object_agg(path, jsonb_build_object('count', count, 'min', min, 'p5', pct[1],
        'median', pct[2], 'p95', pct[3], 'max', max)) from stats), '{}'::jsonb)
    on conflict (reporting_period_id) do update set
      computed_change_count = excluded.computed_change_count, computed_at = excluded.computed_at,
      returns = excluded.returns, statistics = excluded.statistics
  `.execute(db);
}

/** Whether a period's statistics are computed and count every change since it closed. */
export async function findStatisticsState(db: Db, periodId: number) {
  return db
    .selectFrom('periodStatistics')
    .select(['changeCount', 'computedChangeCount', 'computedAt'])
    .where('reportingPeriodId', '=', periodId)
    .executeTakeFirst();
}

/**
 * Notes that a return of a period that has closed changed (a reopened return submitted), in the
 * submit's transaction; returns the period's change count, which names the job that computes again.
 */
export async function countPeriodChange(tx: Tx, periodId: number): Promise<number> {
  const row = await tx
    .insertInto('periodStatistics')
    .values({ reportingPeriodId: periodId, changeCount: 1 })
    .onConflict((oc) =>
      oc.column('reportingPeriodId').doUpdateSet({ changeCount: sql`period_statistics.change_count + 1` }),
    )
    .returning('changeCount')
    .executeTakeFirstOrThrow();
  return row.changeCount;
}

/**
 * Periods that have closed and have no statistics computed since they did: never computed, or computed
 * before their close (a close moved later, after they were computed once).
 */
export async function findPeriodsDueStatistics(db: Db, now: Date) {
  return db
    .selectFrom('reportingPeriod')
    .leftJoin('periodStatistics', 'periodStatistics.reportingPeriodId', 'reportingPeriod.id')
    .select(['reportingPeriod.id', 'reportingPeriod.submissionsClose'])
    .where('reportingPeriod.submissionsClose', '<=', now)
    .where((eb) =>
      eb.or([
        eb('periodStatistics.computedAt', 'is', null),
        eb('periodStatistics.computedAt', '<', eb.ref('reportingPeriod.submissionsClose')),
      ]),
    )
    .orderBy('reportingPeriod.id')
    .execute();
}

/** The definitions and rule sets of every version of the period's collection's form. */
export async function findFormVersionsOfPeriod(db: Db, periodId: number) {
  return db
    .selectFrom('reportingPeriod')
    .innerJoin('form', 'form.collectionId', 'reportingPeriod.collectionId')
    .select(['form.definition', 'form.dataQualityRules'])
    .where('reportingPeriod.id', '=', periodId)
    .execute();
}

/** The period before this one (starting last before it) and its stored statistics' state. */
export async function findPreviousPeriodStatistics(db: Db, periodId: number) {
  return db
    .selectFrom('reportingPeriod as current')
    .innerJoin('reportingPeriod as previous', (join) =>
      join
        .onRef('previous.collectionId', '=', 'current.collectionId')
        .onRef('previous.start', '<', 'current.start'),
    )
    .leftJoin('periodStatistics', 'periodStatistics.reportingPeriodId', 'previous.id')
    .select(['previous.name', 'periodStatistics.computedAt', 'periodStatistics.returns'])
    .where('current.id', '=', periodId)
    .orderBy('previous.start', 'desc')
    .orderBy('previous.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
