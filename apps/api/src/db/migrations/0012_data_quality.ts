import { type Kysely, sql } from 'kysely';

/**
 * Data quality rules (decision 0028). The rule set belongs to a form version, like its
 * definition, so a return is always checked with the rules of the version it was made with. Each
 * revision keeps the rules that flagged it when it was saved, with the submitter's explanations
 * (`data_quality`), and how many warnings that was (`data_quality_warnings`) so a period's returns with
 * warnings are counted and filtered without opening the JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table form add column data_quality_rules jsonb not null default '[]'::jsonb;
    alter table submission_revision add column data_quality jsonb not null default '[]'::jsonb;
    alter table submission_revision add column data_quality_warnings integer not null default 0;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table submission_revision drop column data_quality_warnings;
    alter table submission_revision drop column data_quality;
    alter table form drop column data_quality_rules;
  `.execute(db);
}
