import { type Kysely, sql } from 'kysely';

/**
 * Excel templates: besides the file name and size the specification puts on a form version, where the
 * file is stored and the defined names it holds (read once when it is recorded, so the excelTemplate tab
 * and Populate never parse the workbook just to list them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table form
      add column excel_template_blob_path text,
      add column excel_template_defined_names jsonb;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table form drop column excel_template_blob_path, drop column excel_template_defined_names;
  `.execute(db);
}
