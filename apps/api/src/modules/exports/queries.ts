import type { FormComponent } from '@dcf/forms';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { submissionStatusSql } from '../views/status-sql';
import type { GridPattern } from './columns';

export interface ExportPeriod {
  id: number;
  name: string;
  collectionId: number;
  collectionName: string;
  formId: number | null;
}

export async function findExportPeriods(
  db: Db,
  collectionId: number,
  periodId?: number,
): Promise<ExportPeriod[]> {
  let query = db
    .selectFrom('reportingPeriod as rp')
    .innerJoin('collection as c', 'c.id', 'rp.collectionId')
    .select(['rp.id', 'rp.name', 'rp.collectionId', 'c.name as collectionName', 'rp.formId'])
    .where('rp.collectionId', '=', collectionId);
  if (periodId !== undefined) query = query.where('rp.id', '=', periodId);
  return query.orderBy('rp.start').orderBy('rp.end').orderBy('rp.id').execute();
}

export async function findCollectionName(db: Db, collectionId: number) {
  return (await db.selectFrom('collection').select('name').where('id', '=', collectionId).executeTakeFirst())
    ?.name;
}

/**
 * The form versions whose questions the export shows, newest first: the periods' forms and the forms
 * of their submissions (a return keeps the version it was made with).
 */
export async function findExportForms(db: Db, periodIds: number[]) {
  if (periodIds.length === 0) return [];
  const rows = await db
    .selectFrom('form')
    .select(['id', 'version', 'definition', 'dataQualityRules'])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('reportingPeriod')
            .select('id')
            .whereRef('reportingPeriod.formId', '=', 'form.id')
            .where('reportingPeriod.id', 'in', periodIds),
        ),
        eb.exists(
          eb
            .selectFrom('submission')
            .select('id')
            .whereRef('submission.formId', '=', 'form.id')
            .where('submission.reportingPeriodId', 'in', periodIds),
        ),
      ]),
    )
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    components: ((r.definition as { components?: FormComponent[] }).components ?? []) as FormComponent[],
    hasDataQualityRules: r.dataQualityRules.length > 0,
  }));
}

/** `$."a"[*]."b"` from ['a', '*', 'b']. */
function jsonPathOf(pattern: GridPattern): string {
  return `$${pattern.map((p) => (p === '*' ? '[*]' : `."${p.replace(/["\\]/g, '\\$&')}"`)).join('')}`;
}

/** The most rows a grid has in the official returns of the periods (grids inside grids included). */
export async function maxGridRows(db: Db, periodIds: number[], pattern: GridPattern): Promise<number> {
  if (periodIds.length === 0) return 0;
  const { rows } = await sql<{ n: number | null }>`
    select max(jsonb_array_length(x))::int as n
    from submission s
    join submission_revision r on r.id = s.official_revision_id,
    lateral jsonb_path_query(r.content, ${jsonPathOf(pattern)}::jsonpath) x
    where s.reporting_period_id in (${sql.join(periodIds)}) and jsonb_typeof(x) = 'array'
  `.execute(db);
  return rows[0]?.n ?? 0;
}

/** How many rows a period's export has: its recipients and any other organisation that sent a return. */
export async function countExportRows(db: Db, period: ExportPeriod): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from (${recipients(period)}) x
  `.execute(db);
  return rows[0]?.n ?? 0;
}

function recipients(period: ExportPeriod) {
  return sql`
    select organisation_id from collection_organisation where collection_id = ${period.collectionId}
    union
    select organisation_id from submission where reporting_period_id = ${period.id}`;
}

export interface ExportRow {
  organisationId: number;
  organisationCode: string;
  organisationName: string;
  status: string;
  submittedBy: string | null;
  submittedAt: Date | null;
  formVersion: number | null;
  /**
   * The answers as JSON text, parsed by the caller: as text, Kysely's CamelCasePlugin cannot rename the
   * answers' keys (it camel-cases nested object keys of results: `q1_total` would become `q1Total`).
   */
  content: string | null;
  /** The official revision's data quality findings as JSON text (decision 0028). */
  dataQuality: string | null;
}

/**
 * The period's organisations in export order (name, then id): ids only, 15,000 of them are about
 * 120 kB, so the rows themselves can then be read in small batches by primary key.
 */
export async function findExportOrganisationIds(db: Db, period: ExportPeriod): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select o.id from (${recipients(period)}) rcp join organisation o on o.id = rcp.organisation_id
    order by o.name, o.id
  `.execute(db);
  return rows.map((r) => r.id);
}

/**
 * One batch of a period's rows (the given organisations, in export order): small batches keep memory
 * flat; they are read in the export's snapshot (snapshot.ts), so every batch sees the same moment.
 */
export async function findExportBatch(
  db: Db,
  period: ExportPeriod,
  now: Date,
  organisationIds: number[],
): Promise<ExportRow[]> {
  const { rows } = await sql<ExportRow>`
    select o.id as "organisationId", o.code as "organisationCode", o.name as "organisationName",
      ${submissionStatusSql(now)} as status,
      u.name as "submittedBy", r.created_at as "submittedAt", f.version as "formVersion",
      r.content::text as content, r.data_quality::text as "dataQuality"
    from organisation o
    join reporting_period rp on rp.id = ${period.id}
    left join submission s on s.reporting_period_id = rp.id and s.organisation_id = o.id
    left join submission_revision r on r.id = s.official_revision_id
    left join app_user u on u.id = r.created_by
    left join form f on f.id = s.form_id
    where o.id = any(${organisationIds}::int[])
    order by o.name, o.id
  `.execute(db);
  return rows;
}
