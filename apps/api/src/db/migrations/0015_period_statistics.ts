import { type Kysely, sql } from 'kysely';

/**
 * Last period's statistics, computed once per period (decision 0034): a data quality range check
 * compares a figure with the previous period's per-field statistics (min, p5, median, p95, max, count
 * over its submitted returns). They were computed inside every save, scanning every return of the
 * previous period under the save's row lock; now a job computes them when the period closes and again
 * when one of its returns changes after that (a reopened return submitted), and a save reads one row.
 *
 * `change_count` counts submits into the period after it first closed; the statistics are current while
 * `computed_change_count` (the count the computation saw, in the same snapshot as the returns) equals it.
 * A row with `computed_at` null is a period whose statistics are not computed yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table period_statistics (
      reporting_period_id integer primary key references reporting_period(id) on delete cascade,
      change_count integer not null default 0,
      computed_change_count integer,
      computed_at timestamptz,
      returns integer,
      statistics jsonb
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table period_statistics`.execute(db);
}
