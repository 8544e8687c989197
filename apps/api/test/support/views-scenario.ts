import type { Db } from '../../src/db/database';

/**
 * Data for the monitoring tests and the bench, written straight to the tables the submissions module
 * owns (submission, submission_revision) so these views are tested on their own. Batches of 1000 rows.
 */
const BATCH = 1000;

export async function insertOrganisations(db: Db, count: number, prefix: string): Promise<number[]> {
  const [region, type] = await Promise.all([
    db.selectFrom('region').select('id').orderBy('id').execute(),
    db.selectFrom('organisationType').select('id').orderBy('id').execute(),
  ]);
  const ids: number[] = [];
  for (let i = 0; i < count; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - i) }, (_, j) => {
      const n = i + j;
      return {
        code: `${prefix}${String(n).padStart(6, '0')}`,
        name: `${prefix} practice ${n}`,
        regionId: region[n % region.length]!.id,
        organisationTypeId: type[n % type.length]!.id,
      };
    });
    const inserted = await db.insertInto('organisation').values(rows).returning('id').execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** A published collection with a one-field form, sent to the organisations given. */
export async function createCollection(db: Db, name: string, organisationIds: readonly number[]) {
  const collection = await db
    .insertInto('collection')
    .values({ name, status: 'published' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const form = await db
    .insertInto('form')
    .values({
      collectionId: collection.id,
      version: 1,
      definition: JSON.stringify({
        display: 'form',
        components: [{ type: 'number', key: 'headcount', label: 'Headcount', input: true }],
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < organisationIds.length; i += BATCH) {
    await db
      .insertInto('collectionOrganisation')
      .values(
        organisationIds
          .slice(i, i + BATCH)
          .map((organisationId) => ({ collectionId: collection.id, organisationId })),
      )
      .execute();
  }
  return { collectionId: collection.id, formId: form.id };
}

export interface PeriodDates {
  name: string;
  open: Date;
  close: Date;
  reopen?: Date;
  reclose?: Date;
}

export async function insertPeriod(db: Db, collectionId: number, formId: number, p: PeriodDates) {
  const row = await db
    .insertInto('reportingPeriod')
    .values({
      collectionId,
      formId,
      name: p.name,
      start: p.open.toISOString().slice(0, 10),
      end: p.open.toISOString().slice(0, 10),
      submissionsOpen: p.open,
      submissionsClose: p.close,
      submissionsReopen: p.reopen ?? null,
      submissionsReclose: p.reclose ?? null,
      ifSubmissionReopens: p.reopen !== undefined,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface SubmissionSpec {
  organisationId: number;
  /** Revisions oldest first; empty: a row without a revision (a lock taken, nothing saved). */
  revisions: ('draft' | 'completed')[];
  submittedAt?: Date;
  reopenedUntil?: Date;
  lockedBy?: number;
}

/** Inserts submissions with their revisions, as the submissions API would leave them. */
export async function insertSubmissions(
  db: Db,
  scope: { collectionId: number; periodId: number; formId: number; userId: number },
  specs: readonly SubmissionSpec[],
) {
  for (let i = 0; i < specs.length; i += BATCH) {
    const batch = specs.slice(i, i + BATCH);
    const now = new Date();
    const submissions = await db
      .insertInto('submission')
      .values(
        batch.map((s) => ({
          collectionId: scope.collectionId,
          reportingPeriodId: scope.periodId,
          organisationId: s.organisationId,
          formId: scope.formId,
          status: s.revisions.at(-1) ?? 'draft',
          reopenedUntil: s.reopenedUntil ?? null,
          lockedBy: s.lockedBy ?? null,
          lockedOn: s.lockedBy ? now : null,
          lockExpiresAt: s.lockedBy ? new Date(now.getTime() + 20 * 60_000) : null,
          submittedBy: s.revisions.includes('completed') ? scope.userId : null,
          submittedAt: s.revisions.includes('completed') ? (s.submittedAt ?? now) : null,
        })),
      )
      .returning(['id', 'organisationId'])
      .execute();
    const revisions = batch.flatMap((s, k) =>
      s.revisions.map((status) => ({
        submissionId: submissions[k]!.id,
        status,
        content: JSON.stringify({ headcount: 1 }),
        createdBy: scope.userId,
      })),
    );
    if (revisions.length === 0) continue;
    await db.insertInto('submissionRevision').values(revisions).execute();
    // current = the newest revision, official = the newest completed one.
    await db
      .updateTable('submission as s')
      .set((eb) => ({
        currentRevisionId: eb
          .selectFrom('submissionRevision as r')
          .select((e) => e.fn.max('r.id').as('id'))
          .whereRef('r.submissionId', '=', 's.id'),
        officialRevisionId: eb
          .selectFrom('submissionRevision as r')
          .select((e) => e.fn.max('r.id').as('id'))
          .whereRef('r.submissionId', '=', 's.id')
          .where('r.status', '=', 'completed'),
      }))
      .where(
        's.id',
        'in',
        submissions.map((s) => s.id),
      )
      .execute();
  }
}
