import { type Kysely, sql } from 'kysely';

/**
 * Guidance per collection (decision 0025): optional text a manager writes for the collection's
 * submitters (a small Markdown subset, read by parseGuidance in packages/domain). The limit is the
 * domain's GUIDANCE_MAX_LENGTH; the check is a backstop for writes that bypass the API.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table collection add column guidance text;
    alter table collection add constraint collection_guidance_length check (char_length(guidance) <= 5000);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table collection drop column guidance;`.execute(db);
}
