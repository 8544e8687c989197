import { type Kysely, sql } from 'kysely';

/**
 * The revisions whose data quality findings hold a rule that could not be evaluated (`notChecked`,
 * decision 0030), by a partial index: the manager's data quality view of a period counts them per rule
 * from the few such revisions instead of opening every official revision of the period (15,000 at
 * national scale, decision 0041). The predicate is the one `countNotChecked` writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index submission_revision_not_checked_idx on submission_revision (id)
      where data_quality @? '$[*].notChecked'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index submission_revision_not_checked_idx`.execute(db);
}
