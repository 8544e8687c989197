import type { FormDefinition } from '@dcf/forms';
import type { ExpressionBuilder } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { Database } from '../../db/schema';
import { periodHasSubmissions } from '../reporting-periods/queries';

/** Whether the form version in hand has a submission: from then on its definition stays as it is. */
export function formHasSubmissions(eb: ExpressionBuilder<Database, 'form'>) {
  return eb.exists(
    eb.selectFrom('submission').select('submission.id').whereRef('submission.formId', '=', 'form.id'),
  );
}

export function findForms(db: Db | Tx, collectionId: number) {
  return db
    .selectFrom('form')
    .select((eb) => [
      'form.id',
      'form.collectionId',
      'form.version',
      'form.definition',
      'form.excelTemplateFileName',
      'form.excelTemplateFileSize',
      'form.createdAt',
      formHasSubmissions(eb).as('hasSubmissions'),
    ])
    .where('form.collectionId', '=', collectionId)
    .orderBy('form.version', 'desc');
}

export function findForm(db: Db | Tx, collectionId: number, formId: number) {
  return findForms(db, collectionId).where('form.id', '=', formId).executeTakeFirst();
}

export type FormRow = NonNullable<Awaited<ReturnType<typeof findForm>>>;

async function nextVersion(tx: Tx, collectionId: number): Promise<number> {
  const row = await tx
    .selectFrom('form')
    .select((eb) => eb.fn.max('version').as('max'))
    .where('collectionId', '=', collectionId)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

/** Points every period of the collection that has no submissions and uses `fromFormId` (or none) at `toFormId`. */
export async function movePeriodsWithoutSubmissions(
  tx: Tx,
  collectionId: number,
  fromFormId: number | null,
  toFormId: number,
) {
  await tx
    .updateTable('reportingPeriod')
    .set({ formId: toFormId, updatedAt: new Date() })
    .where('collectionId', '=', collectionId)
    .where((eb) =>
      fromFormId === null
        ? eb('formId', 'is', null)
        : eb.or([eb('formId', '=', fromFormId), eb('formId', 'is', null)]),
    )
    .where((eb) => eb.not(periodHasSubmissions(eb)))
    .execute();
}

/** The newest version's data quality rules (none: undefined). */
export function findNewestRules(tx: Tx, collectionId: number) {
  return tx
    .selectFrom('form')
    .select('dataQualityRules')
    .where('collectionId', '=', collectionId)
    .orderBy('version', 'desc')
    .executeTakeFirst();
}

/**
 * Adds the collection's next form version (one more than its newest): a saved definition or a changed
 * rule set makes one alike. Its id and number.
 */
export async function insertNextFormVersion(
  tx: Tx,
  values: {
    collectionId: number;
    /** A checked definition, or a stored one carried over to a new version as it is. */
    definition: FormDefinition | Record<string, unknown>;
    dataQualityRules: unknown[];
    createdBy: number;
  },
) {
  const version = await nextVersion(tx, values.collectionId);
  const { id } = await tx
    .insertInto('form')
    .values({
      collectionId: values.collectionId,
      version,
      definition: JSON.stringify(values.definition),
      dataQualityRules: JSON.stringify(values.dataQualityRules),
      createdBy: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, version };
}

export function updateFormDefinition(tx: Tx, formId: number, definition: FormDefinition) {
  return tx
    .updateTable('form')
    .set({ definition: JSON.stringify(definition) })
    .where('id', '=', formId)
    .execute();
}
