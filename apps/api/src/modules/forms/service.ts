import type { FormDefinition } from '@dcf/forms';
import { checkDefinition, problemMessages } from '@dcf/forms/convert/check-definition';
import type { Db, Tx } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { notFound, validationProblem } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { changeable } from '../collections/changeable';
import { findCollectionStatus } from '../collections/queries';
import { getCollection } from '../collections/service';
import { presentForm } from './presenters';
import {
  findForm,
  findForms,
  findNewestRules,
  insertNextFormVersion,
  movePeriodsWithoutSubmissions,
  updateFormDefinition,
} from './queries';

/**
 * A definition is data, never code (decision 0014): custom JavaScript that JSON Logic can express is
 * converted (and the response lists what was), anything else refuses the save with a 400 naming every
 * component and property. What is stored is the checked definition.
 */
function checkedDefinition(definition: FormDefinition) {
  const check = checkDefinition(definition);
  if (check.problems.length > 0)
    throw validationProblem({ definition: problemMessages(check.problems) }, jsonLogicAdvice);
  return check;
}

const jsonLogicAdvice =
  'Form definitions may not contain JavaScript. Write conditions, calculations and validations as simple conditions or JSON Logic (https://jsonlogic.com).';

/** Every version of a collection's form, newest first (visible to whoever may see the collection). */
export async function listForms(db: Db, principal: Principal, collectionId: number) {
  await getCollection(db, principal, collectionId);
  return (await findForms(db, collectionId).execute()).map((row) => presentForm(row));
}

export async function getForm(db: Db, principal: Principal, collectionId: number, formId: number) {
  await getCollection(db, principal, collectionId);
  const row = await findForm(db, collectionId, formId);
  if (!row) throw notFound();
  return presentForm(row);
}

export async function assertAmendable(tx: Tx, collectionId: number) {
  changeable(await findCollectionStatus(tx, collectionId));
}

async function insertVersion(
  tx: Tx,
  principal: Principal,
  collectionId: number,
  definition: FormDefinition,
  requestId: string,
) {
  // The data quality rules carry over from the newest version (decision 0028); a rule naming a question
  // the new definition lacks gives no verdict until the manager changes it.
  const newest = await findNewestRules(tx, collectionId);
  const { id, version } = await insertNextFormVersion(tx, {
    collectionId,
    definition,
    dataQualityRules: newest?.dataQualityRules ?? [],
    createdBy: principal.userId,
  });
  await writeAudit(tx, {
    userId: principal.userId,
    action: 'form.createVersion',
    entityType: 'form',
    entityId: id,
    collectionId,
    after: { version },
    requestId,
  });
  return id;
}

/** Adds a new version; periods with no submissions (and periods with no form yet) move to it. */
export async function createForm(
  db: Db,
  principal: Principal,
  collectionId: number,
  definition: FormDefinition,
  requestId: string,
) {
  const checked = checkedDefinition(definition);
  const id = await db.transaction().execute(async (tx) => {
    await assertAmendable(tx, collectionId);
    const id = await insertVersion(tx, principal, collectionId, checked.definition, requestId);
    await movePeriodsWithoutSubmissions(tx, collectionId, null, id);
    return id;
  });
  return {
    ...(await getForm(db, principal, collectionId, id)),
    conversions: checked.conversions,
    notices: checked.notices,
  };
}

/**
 * Saves a definition. A version that already has submissions is never changed in place: a new
 * version is made and the periods without submissions move to it, so every submission keeps
 * rendering with the version it was made with.
 */
export async function updateForm(
  db: Db,
  principal: Principal,
  collectionId: number,
  formId: number,
  definition: FormDefinition,
  requestId: string,
) {
  const { definition: checkedBody, conversions, notices } = checkedDefinition(definition);
  const { id, createdNewVersion } = await db.transaction().execute(async (tx) => {
    await assertAmendable(tx, collectionId);
    const current = await findForm(tx, collectionId, formId);
    if (!current) throw notFound();
    if (current.hasSubmissions) {
      const id = await insertVersion(tx, principal, collectionId, checkedBody, requestId);
      await movePeriodsWithoutSubmissions(tx, collectionId, formId, id);
      return { id, createdNewVersion: true };
    }
    await updateFormDefinition(tx, formId, checkedBody);
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'form.update',
      entityType: 'form',
      entityId: formId,
      collectionId,
      before: { version: current.version },
      requestId,
    });
    return { id: formId, createdNewVersion: false };
  });
  const row = await findForm(db, collectionId, id);
  if (!row) throw notFound();
  return presentForm(row, createdNewVersion, conversions, notices);
}
