import type { Db } from '../../src/db/database';

/**
 * Test and benchmark data for exports and notifications: a collection, form versions, a period and
 * returns written straight to the tables (the submissions API is another module's subject; here the
 * rows only have to be what it writes).
 */
export async function insertCollection(
  db: Db,
  values: { name: string; isEmailEnabled?: boolean; managerUserIds?: number[] },
): Promise<number> {
  const { id } = await db
    .insertInto('collection')
    .values({ name: values.name, status: 'published', isEmailEnabled: values.isEmailEnabled ?? true })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const userId of values.managerUserIds ?? [])
    await db
      .insertInto('collectionRole')
      .values({ collectionId: id, userId, role: 'collectionManager' })
      .execute();
  return id;
}

export async function insertForm(
  db: Db,
  collectionId: number,
  version: number,
  definition: Record<string, unknown>,
): Promise<number> {
  const { id } = await db
    .insertInto('form')
    .values({ collectionId, version, definition: JSON.stringify(definition) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

let dayCounter = 0;
function distinctDay(): string {
  return new Date(Date.UTC(2001, 0, 1) + 86_400_000 * dayCounter++).toISOString().slice(0, 10);
}

export async function insertPeriod(
  db: Db,
  values: { collectionId: number; formId: number; name: string; open: Date; close: Date; start?: string },
): Promise<number> {
  const { id } = await db
    .insertInto('reportingPeriod')
    .values({
      collectionId: values.collectionId,
      formId: values.formId,
      name: values.name,
      // Periods of a collection need distinct dates; the tests care about the windows only.
      start: values.start ?? distinctDay(),
      end: values.start ?? distinctDay(),
      submissionsOpen: values.open,
      submissionsClose: values.close,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Makes organisations recipients of the collection (in batches). */
export async function addRecipients(db: Db, collectionId: number, organisationIds: number[]): Promise<void> {
  for (let i = 0; i < organisationIds.length; i += 1000)
    await db
      .insertInto('collectionOrganisation')
      .values(organisationIds.slice(i, i + 1000).map((organisationId) => ({ collectionId, organisationId })))
      .execute();
}

/**
 * A return: a submission with one revision. `completed` makes it the official revision (submitted);
 * `draft` leaves the return unsubmitted. `dataQuality` is the revision's findings as a save stores them,
 * `warnings` of them counted (on the submission too when official).
 */
export async function insertReturn(
  db: Db,
  values: {
    collectionId: number;
    periodId: number;
    organisationId: number;
    formId: number;
    userId: number;
    status: 'draft' | 'completed';
    content: Record<string, unknown>;
    at?: Date;
    dataQuality?: { findings: unknown[]; warnings: number };
  },
): Promise<{ submissionId: number; revisionId: number }> {
  return db.transaction().execute(async (tx) => {
    const at = values.at ?? new Date();
    const submission = await tx
      .insertInto('submission')
      .values({
        collectionId: values.collectionId,
        reportingPeriodId: values.periodId,
        organisationId: values.organisationId,
        formId: values.formId,
        status: values.status,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const revision = await tx
      .insertInto('submissionRevision')
      .values({
        submissionId: submission.id,
        status: values.status,
        content: JSON.stringify(values.content),
        createdBy: values.userId,
        createdAt: at,
        ...(values.dataQuality
          ? {
              dataQuality: JSON.stringify(values.dataQuality.findings),
              dataQualityWarnings: values.dataQuality.warnings,
            }
          : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('submission')
      .set({
        currentRevisionId: revision.id,
        ...(values.status === 'completed'
          ? {
              officialRevisionId: revision.id,
              submittedBy: values.userId,
              submittedAt: at,
              ...(values.dataQuality ? { officialWarnings: values.dataQuality.warnings } : {}),
            }
          : {}),
      })
      .where('id', '=', submission.id)
      .execute();
    return { submissionId: submission.id, revisionId: revision.id };
  });
}

/**
 * A draft with no revision yet, in the collection's first period that has a form: enough for the
 * organisation to count as a recipient with submissions.
 */
export async function insertEmptyDraft(db: Db, collectionId: number, organisationId: number): Promise<void> {
  const period = await db
    .selectFrom('reportingPeriod')
    .select(['id', 'formId'])
    .where('collectionId', '=', collectionId)
    .where('formId', 'is not', null)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('submission')
    .values({
      collectionId,
      reportingPeriodId: period.id,
      organisationId,
      formId: period.formId!,
      status: 'draft',
    })
    .execute();
}

/**
 * Open organisations (not the management organisation) that are not recipients of the demo collection
 * (any but RJ1 and RGT), by code.
 */
export async function openNonRecipients(db: Db, count: number) {
  const rows = await db
    .selectFrom('organisation')
    .select(['id', 'code', 'name', 'regionId'])
    .where('closureDate', 'is', null)
    .where('isManagementOrg', '=', false)
    .where('code', 'not in', ['RJ1', 'RGT'])
    .orderBy('code')
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error(`${count} organisations wanted, the seed has ${rows.length}`);
  return rows;
}

export async function userIdByEmail(db: Db, email: string): Promise<number> {
  return (await db.selectFrom('appUser').select('id').where('email', '=', email).executeTakeFirstOrThrow())
    .id;
}
