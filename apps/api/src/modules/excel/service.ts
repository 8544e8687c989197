import {
  type ExcelTemplateBody,
  type ExcelTemplateDto,
  extensionOf,
  fileWrongTypeMessage,
  formTemplateExtensions,
  formTemplateFolder,
  isBlobPathUnder,
  messages,
  type PrefillResult,
  safeBlobName,
} from '@dcf/domain';
import type { FormDefinition } from '@dcf/forms';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { conflict, notFound, validationProblem } from '../../platform/errors';
import { getFeatureFlags } from '../../platform/feature-flags';
import { maySeeDeletedAnswers } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { blobStoreFor } from '../../platform/storage/blob-store';
import { unpackedTooLarge, ZipRefusedError } from '../../platform/zip-measure';
import { changeable } from '../collections/changeable';
import { findPrintableRevision } from '../pdf/queries';
import { fillableFields, resolveName } from './form-fields';
import {
  clearTemplates,
  findCollection,
  findCollectionForm,
  findNewestForm,
  findPeriodForm,
  findSubmissionForPopulate,
  findTemplate,
  setTemplate,
} from './queries';
import {
  type DefinedName,
  definedNamesOf,
  loadWorkbook,
  NotAWorkbookError,
  populateTemplate,
  readPrefill,
} from './workbook';

const wrongType = () => fileWrongTypeMessage(formTemplateExtensions);

/** A workbook that cannot be opened: 400 (not a workbook) or 413 (would unpack past the limits). */
function unreadableWorkbook(error: unknown, field: string): unknown {
  if (error instanceof NotAWorkbookError) return validationProblem({ [field]: [wrongType()] });
  if (error instanceof ZipRefusedError) return unpackedTooLarge(error);
  return error;
}

/**
 * Which questions of the newest form version the template's defined names cover, and which they miss
 * (by the naming rule of decision 0023: a name covers the question it stands for, `days.1.hours` the
 * grid `days.hours`), and which names stand for no question.
 */
function coverage(definition: Pick<FormDefinition, 'components'> | undefined, names: DefinedName[]) {
  const fields = definition ? fillableFields(definition) : [];
  const resolved = names.map((n) => ({
    name: n.name,
    field: definition ? resolveName(definition, n.name) : null,
  }));
  const named = new Set(resolved.map((r) => r.field?.component));
  return {
    coveredKeys: fields.filter((f) => named.has(f.component)).map((f) => f.key),
    missedKeys: fields.filter((f) => !named.has(f.component)).map((f) => f.key),
    unknownNames: resolved.filter((r) => !r.field).map((r) => r.name),
  };
}

export async function getExcelTemplate(db: Db, collectionId: number): Promise<ExcelTemplateDto> {
  if (!(await findCollection(db, collectionId))) throw notFound();
  const [template, newest] = await Promise.all([
    findTemplate(db, collectionId),
    findNewestForm(db, collectionId),
  ]);
  return {
    formId: template?.id ?? null,
    excelTemplateFileName: template?.excelTemplateFileName ?? null,
    excelTemplateFileSize: template?.excelTemplateFileSize ?? null,
    blobNameWithPath: template?.excelTemplateBlobPath ?? null,
    ...coverage(
      newest?.definition as unknown as FormDefinition | undefined,
      template ? (template.excelTemplateDefinedNames ?? []) : [],
    ),
  };
}

/**
 * PATCH /Collection/{id}/Form/ExcelTemplate: records the uploaded template on the newest form version
 * (file name, size measured from the stored file, and its defined names), or removes it (null).
 */
export async function recordExcelTemplate(
  db: Db,
  config: Config,
  principal: Principal,
  collectionId: number,
  body: ExcelTemplateBody,
  requestId: string,
): Promise<ExcelTemplateDto> {
  changeable(await findCollection(db, collectionId));
  const form = await findNewestForm(db, collectionId);
  if (!form) throw conflict('no_form_definition', messages.noFormDefinition);

  let recorded: Parameters<typeof setTemplate>[2] | null = null;
  if (body.blobNameWithPath !== null && body.excelTemplateFileName !== null) {
    const path = body.blobNameWithPath;
    if (!isBlobPathUnder(path, formTemplateFolder(collectionId)))
      throw validationProblem({
        blobNameWithPath: [`The file must be stored under ${formTemplateFolder(collectionId)}`],
      });
    if (extensionOf(body.excelTemplateFileName) !== '.xlsx' || extensionOf(path) !== '.xlsx')
      throw validationProblem({ excelTemplateFileName: [wrongType()] });
    const data = await blobStoreFor(config).read(path);
    if (!data) throw validationProblem({ blobNameWithPath: ['The file has not been uploaded'] });
    let definedNames: DefinedName[];
    try {
      definedNames = definedNamesOf(await loadWorkbook(data));
    } catch (error) {
      throw unreadableWorkbook(error, 'excelTemplateFileName');
    }
    recorded = { fileName: body.excelTemplateFileName, fileSize: data.length, blobPath: path, definedNames };
  } else if ((body.blobNameWithPath === null) !== (body.excelTemplateFileName === null)) {
    throw validationProblem({
      blobNameWithPath: ['Give both the file name and where it is stored, or neither'],
    });
  }

  const before = await findTemplate(db, collectionId);
  await db.transaction().execute(async (tx) => {
    await clearTemplates(tx, collectionId);
    if (recorded) await setTemplate(tx, form.id, recorded);
    await writeAudit(tx, {
      userId: principal.userId,
      action: recorded ? 'form.excelTemplate.record' : 'form.excelTemplate.remove',
      entityType: 'form',
      entityId: form.id,
      collectionId,
      before: before
        ? { fileName: before.excelTemplateFileName, blobPath: before.excelTemplateBlobPath }
        : null,
      after: recorded
        ? { fileName: recorded.fileName, fileSize: recorded.fileSize, blobPath: recorded.blobPath }
        : null,
      requestId,
    });
  });
  return getExcelTemplate(db, collectionId);
}

/** Templates are a feature behind EXCELTEMPLATE, switched on per collection. */
async function assertTemplatesOn(db: Db, config: Config, collectionId: number) {
  const collection = await findCollection(db, collectionId);
  if (!collection) throw notFound();
  if (!(await getFeatureFlags(db, config)).EXCELTEMPLATE)
    throw conflict('feature_disabled', 'Excel templates are turned off');
  if (!collection.isExcelTemplateEnabled)
    throw conflict('feature_disabled', 'Excel templates are not enabled for this collection');
  return collection;
}

/** POST .../Form/{formId}/ExcelTemplate/Populate: a copy of the template filled with a submission's answers. */
export async function populateExcelTemplate(
  db: Db,
  config: Config,
  principal: Principal,
  collectionId: number,
  formId: number,
  request: { submissionId: number; revisionId?: number | undefined },
): Promise<{ fileName: string; data: Buffer }> {
  const form = await findCollectionForm(db, collectionId, formId);
  const submission = await findSubmissionForPopulate(db, collectionId, request.submissionId);
  if (!form || !submission) throw notFound();
  const collection = await assertTemplatesOn(db, config, collectionId);
  const template = await findTemplate(db, collectionId, formId);
  const bytes = template?.excelTemplateBlobPath
    ? await blobStoreFor(config).read(template.excelTemplateBlobPath)
    : null;
  if (!bytes) throw conflict('no_excel_template', 'This collection has no Excel template');
  const revision = await findPrintableRevision(db, submission.id, {
    revisionId: request.revisionId,
    includeDeleted: maySeeDeletedAnswers(principal, collectionId),
  });
  if (request.revisionId !== undefined && !revision) throw notFound();
  let data: Buffer;
  try {
    data = await populateTemplate(
      bytes,
      submission.definition as unknown as FormDefinition,
      revision?.content ?? {},
    );
  } catch (error) {
    // A template recorded before templates were measured (decision 0032) is measured here too.
    throw unreadableWorkbook(error, 'excelTemplateFileName');
  }
  const fileName = `${safeBlobName(`${collection.name} ${submission.organisationCode} ${submission.periodName}`)}.xlsx`;
  return { fileName, data };
}

/**
 * Beyond the specification: a submitter uploads a filled template and gets the answers to merge into the
 * form (nothing is saved) with a cell-by-cell report of what was taken and what was refused, and why.
 */
export async function prefillFromWorkbook(
  db: Db,
  config: Config,
  key: { collectionId: number; periodId: number; organisationId: number },
  body: unknown,
): Promise<PrefillResult> {
  await assertTemplatesOn(db, config, key.collectionId);
  if (!Buffer.isBuffer(body) || body.length === 0) throw validationProblem({ file: [wrongType()] });
  const form = await findPeriodForm(db, key.collectionId, key.periodId, key.organisationId);
  if (!form) throw conflict('no_form_definition', messages.noFormDefinition);
  try {
    return await readPrefill(body, form.definition as unknown as FormDefinition);
  } catch (error) {
    throw unreadableWorkbook(error, 'file');
  }
}
