import { sql, type Updateable } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { Database } from '../../db/schema';

/** How many revisions the submission view carries; the revisions screen pages through the rest. */
export const VIEW_REVISIONS = 50;

/** What the page needs of the period, its collection, the organisation and its recipient flags. */
export const pageContextColumns = [
  'reportingPeriod.id as periodId',
  'reportingPeriod.name as periodName',
  'reportingPeriod.start',
  'reportingPeriod.end',
  'reportingPeriod.formId as periodFormId',
  'reportingPeriod.submissionsOpen',
  'reportingPeriod.submissionsClose',
  'reportingPeriod.submissionsReopen',
  'reportingPeriod.submissionsReclose',
  'reportingPeriod.ifSubmissionReopens',
  'collection.id as collectionId',
  'collection.name as collectionName',
  'collection.status as collectionStatus',
  'organisation.id as organisationId',
  'organisation.name as organisationName',
  'organisation.code as organisationCode',
  'collectionOrganisation.isTrustAuthorisationRequired',
  'collectionOrganisation.isNhsiAuthorisationRequired',
] as const;

/** The period, its collection and the organisation's recipient flags: everything the page needs but the submission. */
export function findPageContext(db: Db | Tx, collectionId: number, periodId: number, organisationId: number) {
  return db
    .selectFrom('reportingPeriod')
    .innerJoin('collection', 'collection.id', 'reportingPeriod.collectionId')
    .innerJoin('collectionOrganisation', (join) =>
      join
        .onRef('collectionOrganisation.collectionId', '=', 'reportingPeriod.collectionId')
        .on('collectionOrganisation.organisationId', '=', organisationId),
    )
    .innerJoin('organisation', 'organisation.id', 'collectionOrganisation.organisationId')
    .select(pageContextColumns)
    .where('reportingPeriod.id', '=', periodId)
    .where('reportingPeriod.collectionId', '=', collectionId)
    .executeTakeFirst();
}
export type PageContext = NonNullable<Awaited<ReturnType<typeof findPageContext>>>;

export const submissionColumns = [
  'submission.id',
  'submission.collectionId',
  'submission.reportingPeriodId',
  'submission.organisationId',
  'submission.formId',
  'submission.status',
  'submission.currentRevisionId',
  'submission.officialRevisionId',
  'submission.lockedBy',
  'submission.lockedOn',
  'submission.lockExpiresAt',
  'submission.submittedBy',
  'submission.submittedAt',
  'submission.nhsiAuthorisedBy',
  'submission.nhsiAuthorisedAt',
  'submission.returnedBy',
  'submission.returnedAt',
  'submission.returnedReason',
  'submission.reopenedUntil',
  'submission.lockToken',
  'submission.releasedLockTokens',
  'submission.sentForSignoffBy',
  'submission.sentForSignoffAt',
  'submission.sentBackBy',
  'submission.sentBackAt',
  'submission.sentBackReason',
] as const;

export function findSubmissionFor(db: Db | Tx, periodId: number, organisationId: number) {
  return db
    .selectFrom('submission')
    .select(submissionColumns)
    .where('reportingPeriodId', '=', periodId)
    .where('organisationId', '=', organisationId)
    .executeTakeFirst();
}
export type SubmissionRow = NonNullable<Awaited<ReturnType<typeof findSubmissionFor>>>;

/** The handover's columns (decision 0036): sent for sign-off, sent back. */
export type HandoverColumns = Pick<
  SubmissionRow,
  'sentForSignoffBy' | 'sentForSignoffAt' | 'sentBackBy' | 'sentBackAt' | 'sentBackReason'
>;

export function findSubmission(db: Db | Tx, submissionId: number) {
  return db
    .selectFrom('submission')
    .select(submissionColumns)
    .where('id', '=', submissionId)
    .executeTakeFirst();
}

/**
 * The submission row locked for the rest of the transaction (`select ... for update`): two saves, or two
 * users taking the lock, of one submission run one after the other, so the second sees the first's result.
 */
export function lockSubmission(tx: Tx, submissionId: number) {
  return tx
    .selectFrom('submission')
    .select(submissionColumns)
    .where('id', '=', submissionId)
    .forUpdate()
    .executeTakeFirst();
}

/** Creates the (period, organisation) submission if absent; a concurrent creator's row is kept. Returns its id. */
export async function ensureSubmission(
  tx: Tx,
  values: { collectionId: number; reportingPeriodId: number; organisationId: number; formId: number },
): Promise<number> {
  await tx
    .insertInto('submission')
    .values({ ...values, status: 'draft' })
    .onConflict((oc) => oc.columns(['reportingPeriodId', 'organisationId']).doNothing())
    .execute();
  const row = await tx
    .selectFrom('submission')
    .select('id')
    .where('reportingPeriodId', '=', values.reportingPeriodId)
    .where('organisationId', '=', values.organisationId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/*
 * JSON columns are read as text and parsed here: Kysely's CamelCasePlugin renames the keys of nested
 * objects in results, which would turn an answer keyed `q1_total` into `q1Total`.
 */

export async function findForm(db: Db | Tx, formId: number) {
  const row = await db
    .selectFrom('form')
    .select(['id', sql<string>`definition::text`.as('definitionJson')])
    .where('id', '=', formId)
    .executeTakeFirst();
  return row && { id: row.id, definition: JSON.parse(row.definitionJson) as Record<string, unknown> };
}

const revisionSummaryColumns = [
  'submissionRevision.id',
  'submissionRevision.submissionId',
  'submissionRevision.status',
  'submissionRevision.createdAt',
  'submissionRevision.createdBy',
  'submissionRevision.isDeleted',
  'appUser.name as createdByName',
  'appUser.email as createdByEmail',
] as const;

/** Revisions newest first; soft-deleted ones only when `includeDeleted`. */
export function findRevisions(
  db: Db | Tx,
  submissionId: number,
  options: { includeDeleted: boolean; limit: number; offset?: number },
) {
  let query = db
    .selectFrom('submissionRevision')
    .innerJoin('appUser', 'appUser.id', 'submissionRevision.createdBy')
    .select(revisionSummaryColumns)
    .where('submissionRevision.submissionId', '=', submissionId);
  if (!options.includeDeleted) query = query.where('submissionRevision.isDeleted', '=', false);
  return query
    .orderBy('submissionRevision.createdAt', 'desc')
    .orderBy('submissionRevision.id', 'desc')
    .limit(options.limit)
    .offset(options.offset ?? 0)
    .execute();
}
export type RevisionSummaryRow = Awaited<ReturnType<typeof findRevisions>>[number];

export async function countRevisions(db: Db | Tx, submissionId: number, includeDeleted: boolean) {
  let query = db
    .selectFrom('submissionRevision')
    .select(sql<number>`count(*)::int`.as('total'))
    .where('submissionId', '=', submissionId);
  if (!includeDeleted) query = query.where('isDeleted', '=', false);
  return (await query.executeTakeFirstOrThrow()).total;
}

/** One revision with its content and the form version of its submission. */
export function findRevision(db: Db | Tx, revisionId: number) {
  return db
    .selectFrom('submissionRevision')
    .innerJoin('appUser', 'appUser.id', 'submissionRevision.createdBy')
    .innerJoin('submission', 'submission.id', 'submissionRevision.submissionId')
    .select([
      ...revisionSummaryColumns,
      sql<string>`submission_revision.content::text`.as('contentJson'),
      'submissionRevision.completedPages',
      'submission.formId',
      'submission.officialRevisionId',
      'submission.collectionId',
      'submission.organisationId',
    ])
    .where('submissionRevision.id', '=', revisionId)
    .executeTakeFirst();
}

/** The newest revision a reader may see, with its content as JSON text: what the form opens with. */
export function findLatestContent(db: Db | Tx, submissionId: number) {
  return db
    .selectFrom('submissionRevision')
    .select(['id', sql<string>`content::text`.as('contentJson'), 'completedPages'])
    .where('submissionId', '=', submissionId)
    .where('isDeleted', '=', false)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Display names of users by id (falling back to email when a user has no name). */
export async function findUserNames(db: Db | Tx, ids: readonly (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('appUser')
    .select(['id', 'name', 'email'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name ?? r.email]));
}

/** Changes a submission row (the lock, a return, a reopen, an authorisation, the time of a change). */
export async function updateSubmission(
  tx: Tx,
  submissionId: number,
  changes: Updateable<Database['submission']>,
) {
  await tx.updateTable('submission').set(changes).where('id', '=', submissionId).execute();
}

/** How many page tokens that released a return's lock are remembered (decision 0036, migration 0029). */
export const RELEASED_TOKENS_KEPT = 20;

/**
 * Remembers that the page with this token released the lock (it has left): its lock requests still on
 * their way are refused. The last RELEASED_TOKENS_KEPT are kept.
 */
export async function rememberReleasedToken(tx: Tx, submissionId: number, token: string) {
  await sql`update submission
    set released_lock_tokens = (array_append(released_lock_tokens, ${token}::text))[
      greatest(1, cardinality(released_lock_tokens) + 2 - ${RELEASED_TOKENS_KEPT}::int):]
    where id = ${submissionId}`.execute(tx);
}

/**
 * The form's row version (PostgreSQL's xmin, changed by every update): a cached form version is used
 * only while it is the one it was read at.
 */
export const formRowVersion = sql<string>`form.xmin::text`;

/** What a form version is read as, by id or by its submission (form-definitions.ts builds the version from it). */
const formVersionColumns = [
  'form.collectionId',
  formRowVersion.as('rowVersion'),
  sql<string>`form.definition::text`.as('definitionJson'),
  'form.dataQualityRules',
] as const;

/** A form version's definition (as text: Kysely's CamelCasePlugin would rename nested keys), rules and row version. */
export function findFormVersionRow(db: Db | Tx, formId: number) {
  return db.selectFrom('form').select(formVersionColumns).where('id', '=', formId).executeTakeFirst();
}

/** The form version of a submission (form-definitions.ts, readVersionOf), without any lock. */
export function findSubmissionFormVersionRow(db: Db | Tx, submissionId: number) {
  return db
    .selectFrom('submission')
    .innerJoin('form', 'form.id', 'submission.formId')
    .select(['form.id as formId', ...formVersionColumns])
    .where('submission.id', '=', submissionId)
    .executeTakeFirst();
}

/** Revisions to soft delete, locked, with their submission's official revision and scope. */
export function lockRevisionsForDelete(tx: Tx, ids: readonly number[]) {
  return tx
    .selectFrom('submissionRevision')
    .innerJoin('submission', 'submission.id', 'submissionRevision.submissionId')
    .select([
      'submissionRevision.id',
      'submissionRevision.isDeleted',
      'submission.id as submissionId',
      'submission.officialRevisionId',
      'submission.collectionId',
      'submission.organisationId',
    ])
    .where('submissionRevision.id', 'in', ids)
    .forUpdate()
    .execute();
}

export async function markRevisionDeleted(tx: Tx, revisionId: number, deletedBy: number, deletedAt: Date) {
  await tx
    .updateTable('submissionRevision')
    .set({ isDeleted: true, deletedBy, deletedAt })
    .where('id', '=', revisionId)
    .execute();
}
