import { type Kysely, sql } from 'kysely';

/**
 * The declaration a submitter confirms before a submit (decision 0016): the words they confirmed, who
 * and when, on the completed revision it signs. All three or none; drafts never carry one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table submission_revision add column declaration text;
    alter table submission_revision add column declared_by integer references app_user(id);
    alter table submission_revision add column declared_at timestamptz;
    alter table submission_revision add constraint submission_revision_declaration_check check (
      (declaration is null and declared_by is null and declared_at is null)
      or (declaration is not null and declared_by is not null and declared_at is not null and status = 'completed')
    );
    create index submission_revision_declared_by_idx on submission_revision (declared_by)
      where declared_by is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index submission_revision_declared_by_idx;
    alter table submission_revision drop constraint submission_revision_declaration_check;
    alter table submission_revision drop column declared_at;
    alter table submission_revision drop column declared_by;
    alter table submission_revision drop column declaration;
  `.execute(db);
}
