import type { DataQualityRule } from '@dcf/domain/data-quality';
import type { Db, Tx } from '../../db/database';
import { findFormVersionRow } from './queries';

/**
 * Form versions (definition and data quality rules) read and parsed once per version per process. A
 * save checks the answers against its submission's form version, which never changes once it has
 * submissions (a change makes a new version): reading and parsing its JSON, and preparing it for the
 * engine (which @dcf/forms does once per definition object), on every save was a fifth of the save's
 * CPU, and reading its rules one more statement. Each entry carries
 * the row's xmin, PostgreSQL's row version (it changes with every update of the row), and is used only
 * while the row still has it, so a version edited before its first submission is read again.
 *
 * Kept per database handle: tests run many databases in one process, where form ids repeat.
 */
const MAX_FORMS = 200;

/** What a save needs of a form version: its definition and its data quality rules (decision 0028). */
export interface FormVersion {
  rowVersion: string;
  definition: Readonly<Record<string, unknown>>;
  rules: readonly DataQualityRule[];
}
const caches = new WeakMap<Db, Map<number, FormVersion>>();

/**
 * Form `formId` as of row version `rowVersion` (read in the caller's transaction), read with `reader`
 * when this process does not hold that version. Frozen: it is shared by every request. undefined when
 * there is no such form.
 */
export async function formVersion(
  db: Db,
  reader: Db | Tx,
  formId: number,
  rowVersion: string,
): Promise<FormVersion | undefined> {
  const cache = caches.get(db) ?? new Map<number, FormVersion>();
  caches.set(db, cache);
  const hit = cache.get(formId);
  if (hit?.rowVersion === rowVersion) return hit;
  const row = await findFormVersionRow(reader, formId);
  if (!row) return undefined;
  const version = deepFreeze({
    rowVersion: row.rowVersion,
    definition: JSON.parse(row.definitionJson) as Record<string, unknown>,
    rules: (row.dataQualityRules ?? []) as DataQualityRule[],
  });
  cache.delete(formId);
  cache.set(formId, version);
  if (cache.size > MAX_FORMS) cache.delete(cache.keys().next().value as number);
  return version;
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
 * The form version this process already holds for a submission, without a query, with the row
 * version it was read at (the caller confirms it in its transaction); undefined when none.
 */
export function heldVersionOf(db: Db, submissionId: number) {
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
