import type { GeneratedPeriod } from '@dcf/domain';
import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { Database, ReportingPeriodTable } from '../../db/schema';

/** Rows per INSERT / UPDATE statement when applying a schedule: 10 values a row keeps well under PostgreSQL's 65,535 parameters. */
const BATCH = 1000;

/**
 * Whether the reporting period in hand has a submission: from then on its form stays and it cannot be
 * deleted.
 */
export function periodHasSubmissions(eb: ExpressionBuilder<Database, 'reportingPeriod'>) {
  return eb.exists(
    eb
      .selectFrom('submission')
      .select('submission.id')
      .whereRef('submission.reportingPeriodId', '=', 'reportingPeriod.id'),
  );
}

export function findPeriods(db: Db | Tx, collectionId: number) {
  return db
    .selectFrom('reportingPeriod')
    .select((eb) => [
      'reportingPeriod.id',
      'reportingPeriod.collectionId',
      'reportingPeriod.name',
      'reportingPeriod.start',
      'reportingPeriod.end',
      'reportingPeriod.formId',
      'reportingPeriod.submissionsOpen',
      'reportingPeriod.submissionsClose',
      'reportingPeriod.submissionsReopen',
      'reportingPeriod.submissionsReclose',
      'reportingPeriod.ifSubmissionReopens',
      periodHasSubmissions(eb).as('hasSubmissions'),
    ])
    .where('reportingPeriod.collectionId', '=', collectionId)
    .orderBy('reportingPeriod.start')
    .orderBy('reportingPeriod.end')
    .orderBy('reportingPeriod.id');
}

export type PeriodRow = Awaited<ReturnType<ReturnType<typeof findPeriods>['execute']>>[number];

export function findPeriod(db: Db | Tx, collectionId: number, periodId: number) {
  return findPeriods(db, collectionId).where('reportingPeriod.id', '=', periodId).executeTakeFirst();
}

/** The start and end of every period of the collection, for the duplicate check. */
export function findPeriodDates(db: Db | Tx, collectionId: number) {
  return db
    .selectFrom('reportingPeriod')
    .select(['id', 'start', 'end'])
    .where('collectionId', '=', collectionId)
    .execute();
}

/** The collection's newest form version, which new periods use; null when it has no form yet. */
export async function newestFormId(db: Db | Tx, collectionId: number): Promise<number | null> {
  const row = await db
    .selectFrom('form')
    .select('id')
    .where('collectionId', '=', collectionId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function isFormOf(db: Db | Tx, collectionId: number, formId: number): Promise<boolean> {
  const row = await db
    .selectFrom('form')
    .select('id')
    .where('collectionId', '=', collectionId)
    .where('id', '=', formId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Locks the collection row for the rest of the transaction, so two applies of a schedule never interleave. */
export function lockCollection(tx: Tx, collectionId: number) {
  return tx
    .selectFrom('collection')
    .select(['id', 'status', 'period'])
    .where('id', '=', collectionId)
    .forUpdate()
    .executeTakeFirst();
}

export function insertPeriod(tx: Tx, values: Insertable<ReportingPeriodTable>) {
  return tx.insertInto('reportingPeriod').values(values).returning('id').executeTakeFirstOrThrow();
}

export function updatePeriodRow(tx: Tx, periodId: number, values: Updateable<ReportingPeriodTable>) {
  return tx
    .updateTable('reportingPeriod')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', periodId)
    .execute();
}

/** Deletes one period; the caller has checked it has no submissions. */
export function deletePeriodRow(tx: Tx, periodId: number) {
  return tx.deleteFrom('reportingPeriod').where('id', '=', periodId).execute();
}

const toDate = (iso: string | null) => (iso === null ? null : new Date(iso));

/** Inserts generated periods in batches. */
export async function insertGenerated(
  tx: Tx,
  collectionId: number,
  formId: number | null,
  periods: readonly GeneratedPeriod[],
) {
  const now = new Date();
  for (let i = 0; i < periods.length; i += BATCH) {
    await tx
      .insertInto('reportingPeriod')
      .values(
        periods.slice(i, i + BATCH).map((p) => ({
          collectionId,
          formId,
          name: p.name,
          start: p.start,
          end: p.end,
          submissionsOpen: new Date(p.submissionsOpen),
          submissionsClose: new Date(p.submissionsClose),
          submissionsReopen: toDate(p.submissionsReopen),
          submissionsReclose: toDate(p.submissionsReclose),
          ifSubmissionReopens: p.ifSubmissionReopens,
          updatedAt: now,
        })),
      )
      .execute();
  }
}

/** Sets name and deadlines of matched periods from their generated values, in batches (UPDATE ... FROM VALUES). */
export async function updateGenerated(
  tx: Tx,
  collectionId: number,
  changes: readonly { id: number; generated: GeneratedPeriod }[],
) {
  for (let i = 0; i < changes.length; i += BATCH) {
    const rows = changes
      .slice(i, i + BATCH)
      .map(
        ({ id, generated: p }) =>
          sql`(${id}::integer, ${p.name}::text, ${p.submissionsOpen}::timestamptz, ${p.submissionsClose}::timestamptz, ${p.submissionsReopen}::timestamptz, ${p.submissionsReclose}::timestamptz, ${p.ifSubmissionReopens}::boolean)`,
      );
    await sql`
      update reporting_period as rp set
        name = v.name,
        submissions_open = v.open,
        submissions_close = v.close,
        submissions_reopen = v.reopen,
        submissions_reclose = v.reclose,
        if_submission_reopens = v.reopens,
        updated_at = now()
      from (values ${sql.join(rows)}) as v(id, name, open, close, reopen, reclose, reopens)
      where rp.id = v.id and rp.collection_id = ${collectionId}
    `.execute(tx);
  }
}

/** Deletes periods that have no submissions (the condition is repeated here, so none is ever lost). */
export async function deletePeriodsWithoutSubmissions(tx: Tx, collectionId: number, ids: readonly number[]) {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const result = await tx
      .deleteFrom('reportingPeriod')
      .where('collectionId', '=', collectionId)
      .where('id', 'in', ids.slice(i, i + BATCH))
      .where((eb) => eb.not(periodHasSubmissions(eb)))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
