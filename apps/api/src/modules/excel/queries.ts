import type { Db, Tx } from '../../db/database';

export function findCollection(db: Db, collectionId: number) {
  return db
    .selectFrom('collection')
    .select(['id', 'name', 'status', 'isExcelTemplateEnabled'])
    .where('id', '=', collectionId)
    .executeTakeFirst();
}

export function findCollectionForm(db: Db, collectionId: number, formId: number) {
  return db
    .selectFrom('form')
    .select('id')
    .where('id', '=', formId)
    .where('collectionId', '=', collectionId)
    .executeTakeFirst();
}

export function findNewestForm(db: Db | Tx, collectionId: number) {
  return db
    .selectFrom('form')
    .select(['id', 'definition'])
    .where('collectionId', '=', collectionId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const templateColumns = [
  'id',
  'collectionId',
  'excelTemplateFileName',
  'excelTemplateFileSize',
  'excelTemplateBlobPath',
  'excelTemplateDefinedNames',
] as const;

/**
 * The collection's Excel template: the one recorded on the given form version, else on the newest version
 * that has one (a form saved after the template was recorded makes a new version without it).
 */
export function findTemplate(db: Db, collectionId: number, preferFormId?: number) {
  let query = db
    .selectFrom('form')
    .select(templateColumns)
    .where('collectionId', '=', collectionId)
    .where('excelTemplateBlobPath', 'is not', null);
  if (preferFormId !== undefined)
    query = query.orderBy((eb) => eb.case().when('id', '=', preferFormId).then(0).else(1).end());
  return query.orderBy('version', 'desc').limit(1).executeTakeFirst();
}

export async function clearTemplates(tx: Tx, collectionId: number) {
  await tx
    .updateTable('form')
    .set({
      excelTemplateFileName: null,
      excelTemplateFileSize: null,
      excelTemplateBlobPath: null,
      excelTemplateDefinedNames: null,
    })
    .where('collectionId', '=', collectionId)
    .execute();
}

export async function setTemplate(
  tx: Tx,
  formId: number,
  values: {
    fileName: string;
    fileSize: number;
    blobPath: string;
    definedNames: { name: string; ranges: string[] }[];
  },
) {
  await tx
    .updateTable('form')
    .set({
      excelTemplateFileName: values.fileName,
      excelTemplateFileSize: values.fileSize,
      excelTemplateBlobPath: values.blobPath,
      excelTemplateDefinedNames: JSON.stringify(values.definedNames),
    })
    .where('id', '=', formId)
    .execute();
}

/** A submission with what Populate names the file after, if it belongs to the collection. */
export function findSubmissionForPopulate(db: Db, collectionId: number, submissionId: number) {
  return db
    .selectFrom('submission')
    .innerJoin('organisation', 'organisation.id', 'submission.organisationId')
    .innerJoin('reportingPeriod', 'reportingPeriod.id', 'submission.reportingPeriodId')
    .innerJoin('form', 'form.id', 'submission.formId')
    .select([
      'submission.id',
      'submission.organisationId',
      'form.definition',
      'organisation.code as organisationCode',
      'reportingPeriod.name as periodName',
    ])
    .where('submission.id', '=', submissionId)
    .where('submission.collectionId', '=', collectionId)
    .executeTakeFirst();
}

/** The form version a period's return uses: its submission's, else the period's. */
export function findPeriodForm(db: Db, collectionId: number, periodId: number, organisationId: number) {
  return db
    .selectFrom('reportingPeriod')
    .leftJoin('submission', (join) =>
      join
        .onRef('submission.reportingPeriodId', '=', 'reportingPeriod.id')
        .on('submission.organisationId', '=', organisationId),
    )
    .innerJoin('form', (join) =>
      join.on((eb) => eb('form.id', '=', eb.fn.coalesce('submission.formId', 'reportingPeriod.formId'))),
    )
    .select(['form.id', 'form.definition'])
    .where('reportingPeriod.id', '=', periodId)
    .where('reportingPeriod.collectionId', '=', collectionId)
    .executeTakeFirst();
}

/** The collection and organisation of a submission of the collection (the populate route's access scope). */
export function findSubmissionScope(db: Db, collectionId: number, submissionId: number) {
  return db
    .selectFrom('submission')
    .select(['collectionId', 'organisationId', 'id as submissionId'])
    .where('id', '=', submissionId)
    .where('collectionId', '=', collectionId)
    .executeTakeFirst();
}
