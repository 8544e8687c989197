import { type Kysely, sql } from 'kysely';

/**
 * How many data quality warnings a submission's official revision carries, on the submission itself
 * (decision 0034), set by every submit: the manager's data quality view of a national period pages the
 * returns with warnings (a partial index, a few thousand of 15,000) instead of reading every return's
 * revision to find them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table submission add column official_warnings integer not null default 0;
    update submission s set official_warnings = r.data_quality_warnings
      from submission_revision r where r.id = s.official_revision_id and r.data_quality_warnings > 0;
    create index submission_warnings_idx on submission (reporting_period_id) where official_warnings > 0;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index submission_warnings_idx;
    alter table submission drop column official_warnings;
  `.execute(db);
}
