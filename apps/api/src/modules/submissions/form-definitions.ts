import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';

/**
 * Form definitions parsed once per version per process. A save checks the answers against its
 * submission's form version, which never changes once it has submissions (a change makes a new
 * version): reading and parsing its JSON, and preparing it for the engine (which @dcf/forms does once
 * per definition object), on every save was a fifth of the save's CPU. Each entry carries
 * the row's xmin, PostgreSQL's row version (it changes with every update of the row), and is used only
 * while the row still has it, so a version edited before its first submission is read again.
 *
 * Kept per database handle: tests run many databases in one process, where form ids repeat.
 */
const MAX_FORMS = 200;
const caches = new WeakMap<Db, Map<number, { rowVersion: string; definition: Record<string, unknown> }>>();

/** The form row's version, for callers that read it with another statement (see findSaveContext). */
export const formRowVersion = sql<string>`form.xmin::text`;

/**
 * The definition of form `formId`, read with `reader` (the request's transaction, or `db`) when this
 * process does not hold the version `rowVersion` (read now when not given). Frozen: it is shared by
 * every request. undefined when there is no such form.
 */
export async function formDefinition(
  db: Db,
  reader: Db | Tx,
  formId: number,
  rowVersion?: string,
): Promise<Readonly<Record<string, unknown>> | undefined> {
  const cache = caches.get(db) ?? new Map();
  caches.set(db, cache);
  const hit = cache.get(formId);
  if (hit && rowVersion !== undefined && hit.rowVersion === rowVersion) return hit.definition;
  if (hit && rowVersion === undefined) {
    const row = await reader
      .selectFrom('form')
      .select(formRowVersion.as('rowVersion'))
      .where('id', '=', formId)
      .executeTakeFirst();
    if (row?.rowVersion === hit.rowVersion) return hit.definition;
  }
  const row = await reader
    .selectFrom('form')
    .select([formRowVersion.as('rowVersion'), sql<string>`definition::text`.as('definitionJson')])
    .where('id', '=', formId)
    .executeTakeFirst();
  if (!row) return undefined;
  // JSON is read as text: Kysely's CamelCasePlugin would rename the keys of nested objects.
  const definition = deepFreeze(JSON.parse(row.definitionJson) as Record<string, unknown>);
  cache.delete(formId);
  cache.set(formId, { rowVersion: row.rowVersion, definition });
  if (cache.size > MAX_FORMS) cache.delete(cache.keys().next().value as number);
  return definition;
}

const MAX_SUBMISSIONS = 20_000;
const submissionForms = new WeakMap<Db, Map<number, number>>();

/** Notes the form version a submission was made with (decision 0006: it never changes). */
export function rememberFormOf(db: Db, submissionId: number, formId: number) {
  const forms = submissionForms.get(db) ?? new Map<number, number>();
  submissionForms.set(db, forms);
  if (forms.get(submissionId) === formId) return;
  forms.set(submissionId, formId);
  if (forms.size > MAX_SUBMISSIONS) forms.delete(forms.keys().next().value as number);
}

/**
 * The definition this process already holds for a submission's form version, without a query, with
 * the row version it was read at (the caller confirms it in its transaction); undefined when none.
 */
export function heldDefinitionOf(db: Db, submissionId: number) {
  const formId = submissionForms.get(db)?.get(submissionId);
  const held = formId === undefined ? undefined : caches.get(db)?.get(formId);
  return held && formId !== undefined ? { formId, ...held } : undefined;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
