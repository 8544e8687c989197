import {
  type DataQualityRule,
  type DataQualityRuleBody,
  dataQualityMessages,
} from '@dcf/domain/data-quality';
import type { FormDefinition } from '@dcf/forms';
import { checkLogic } from '@dcf/forms';
import { checkFields, compileCheck } from '@dcf/forms/data-quality/compile';
import { ruleFields } from '@dcf/forms/data-quality/fields';
import type { Db, Tx } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { notFound, validationProblem } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { getCollection } from '../collections/service';
import { insertNextFormVersion, movePeriodsWithoutSubmissions } from '../forms/queries';
import { assertAmendable } from '../forms/service';
import { presentRuleSet } from './presenters';
import { findFormRules, findRuleSetsOfCollection, updateFormRules } from './queries';

/**
 * A form version's data quality rules (decision 0028). The rule set belongs to the version like its
 * definition: changing the rules of a version that already has submissions makes a new version (same
 * definition, the changed rules) and moves the periods without submissions to it, exactly as saving the
 * definition does, so every return stays checked by the rules it was submitted under.
 */

type FormRules = NonNullable<Awaited<ReturnType<typeof findFormRules>>>;

export async function listRules(db: Db, principal: Principal, collectionId: number, formId: number) {
  await getCollection(db, principal, collectionId);
  const form = await findFormRules(db, collectionId, formId);
  if (!form) throw notFound();
  return presentRuleSet(form, form.rules, false);
}

/**
 * A rule as stored: the body checked against the form (every field a number question of this version,
 * an expert's JSON Logic within the allow-list) with its compiled logic. A 400 names what is wrong.
 */
function buildRule(id: string, body: DataQualityRuleBody, definition: FormDefinition): DataQualityRule {
  const known = new Set(ruleFields(definition).map((field) => field.path));
  const fields = checkFields(body.check);
  const unknown = fields.filter((path) => !known.has(path));
  if (unknown.length > 0) throw validationProblem({ check: unknown.map(dataQualityMessages.unknownField) });
  if (body.check.kind === 'logic') {
    const problems = checkLogic(body.check.logic);
    if (problems.length > 0)
      throw validationProblem({ 'check.logic': problems }, dataQualityMessages.logicNotAllowed);
  }
  return { id, ...body, fields, logic: compileCheck(body.check) };
}

/**
 * A new rule's id: one more than any rule id of any version of the collection's form, so an id a return's
 * findings name is never given to another rule. (An id removed in place, from a version without returns,
 * may come back: nothing ever named it.)
 */
async function nextRuleId(tx: Tx, collectionId: number) {
  const ruleSets = await findRuleSetsOfCollection(tx, collectionId);
  const ids = ruleSets.flatMap((rules) => rules.map((rule) => Number(rule.id.slice(1)) || 0));
  return `r${Math.max(0, ...ids) + 1}`;
}

/** Saves a changed rule set on the version, or on a new version when this one has submissions. */
async function saveRules(
  tx: Tx,
  principal: Principal,
  collectionId: number,
  form: FormRules,
  rules: DataQualityRule[],
  action: string,
  ruleId: string,
  requestId: string,
) {
  let target = { id: form.id, version: form.version };
  if (form.hasSubmissions) {
    target = await insertNextFormVersion(tx, {
      collectionId,
      definition: form.definition,
      dataQualityRules: rules,
      createdBy: principal.userId,
    });
    await movePeriodsWithoutSubmissions(tx, collectionId, form.id, target.id);
  } else {
    await updateFormRules(tx, form.id, rules);
  }
  await writeAudit(tx, {
    userId: principal.userId,
    action,
    entityType: 'form',
    entityId: target.id,
    collectionId,
    after: { ruleId, version: target.version, fromVersion: form.version },
    requestId,
  });
  return presentRuleSet(target, rules, Boolean(form.hasSubmissions));
}

async function changeRules(
  db: Db,
  principal: Principal,
  collectionId: number,
  formId: number,
  requestId: string,
  change: (
    form: FormRules,
    newId: () => Promise<string>,
  ) => Promise<{ rules: DataQualityRule[]; action: string; ruleId: string }>,
) {
  return db.transaction().execute(async (tx) => {
    await assertAmendable(tx, collectionId);
    const form = await findFormRules(tx, collectionId, formId, true);
    if (!form) throw notFound();
    const { rules, action, ruleId } = await change(form, () => nextRuleId(tx, collectionId));
    return saveRules(tx, principal, collectionId, form, rules, action, ruleId, requestId);
  });
}

export const createRule = (
  db: Db,
  principal: Principal,
  collectionId: number,
  formId: number,
  body: DataQualityRuleBody,
  requestId: string,
) =>
  changeRules(db, principal, collectionId, formId, requestId, async (form, newId) => {
    const rule = buildRule(await newId(), body, form.definition as unknown as FormDefinition);
    return { rules: [...form.rules, rule], action: 'dataQualityRule.create', ruleId: rule.id };
  });

function indexOf(form: FormRules, ruleId: string) {
  const index = form.rules.findIndex((rule) => rule.id === ruleId);
  if (index === -1) throw notFound();
  return index;
}

export const updateRule = (
  db: Db,
  principal: Principal,
  collectionId: number,
  formId: number,
  ruleId: string,
  body: DataQualityRuleBody,
  requestId: string,
) =>
  changeRules(db, principal, collectionId, formId, requestId, async (form) => {
    const index = indexOf(form, ruleId);
    const rules = [...form.rules];
    rules[index] = buildRule(ruleId, body, form.definition as unknown as FormDefinition);
    return { rules, action: 'dataQualityRule.update', ruleId };
  });

export const deleteRule = (
  db: Db,
  principal: Principal,
  collectionId: number,
  formId: number,
  ruleId: string,
  requestId: string,
) =>
  changeRules(db, principal, collectionId, formId, requestId, async (form) => {
    indexOf(form, ruleId);
    return {
      rules: form.rules.filter((rule) => rule.id !== ruleId),
      action: 'dataQualityRule.delete',
      ruleId,
    };
  });
