import { type Kysely, sql } from 'kysely';

/**
 * The organisations the register has closed, indexed on their own (decision 0034): a period's counts
 * leave out the recipients closed before it opened, and a national collection has a few hundred of them
 * among 15,000, found here without reading every recipient.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index organisation_closed_idx on organisation (id)
      where closure_date is not null or ods_status in ('closed', 'dormant');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index organisation_closed_idx`.execute(db);
}
