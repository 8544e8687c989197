import { type Kysely, sql } from 'kysely';

/**
 * Submissions. The tables came with 0001; a revision also records the wizard pages its author
 * ticked 'This page is complete', so a draft resumed in another session shows the same ticks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table submission_revision
      add column completed_pages jsonb not null default '[]'
        check (jsonb_typeof(completed_pages) = 'array');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table submission_revision drop column completed_pages`.execute(db);
}
