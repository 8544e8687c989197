import type { DataQualityRule } from '@dcf/domain/data-quality';
import type { Db, Tx } from '../../db/database';
import { findFormVersionRow, findSubmissionFormVersionRow } from './queries';

/**
 * Form versions (definition and data quality rules) read once per version per process. A save checks
 * the answers against its submission's form version, which never changes once it has submissions (a
 * change makes a new version): reading it on every save was a fifth of the save's CPU, and reading its
 * rules one more statement. The definition is kept as the JSON text the database gave: the API never
 * evaluates it; the evaluation box (decision 0031) parses it once per worker, and is sent it only when
 * that worker does not hold this version's `key` yet. Each entry carries the row's xmin, PostgreSQL's
 * row version (it changes with every update of the row), and is used only while the row still has it,
 * so a version edited before its first submission is read again.
 *
 * Kept per database handle: tests run many databases in one process, where form ids repeat.
 */
const MAX_FORMS = 200;

/** What a save needs of a form version: its definition and its data quality rules (decision 0028). */
export interface FormVersion {
  rowVersion: string;
  /** Names this definition and these rules in the evaluation box: `${formId}:${rowVersion}`. */
  key: string;
  formId: number;
  collectionId: number;
  definitionJson: string;
  rules: readonly DataQualityRule[];
}
const caches = new WeakMap<Db, Map<number, FormVersion>>();

function cacheOf(db: Db) {
  const cache = caches.get(db) ?? new Map<number, FormVersion>();
  caches.set(db, cache);
  return cache;
}

interface FormVersionRow {
  rowVersion: string;
  collectionId: number;
  definitionJson: string;
  dataQualityRules: unknown;
}

function keep(db: Db, formId: number, row: FormVersionRow): FormVersion {
  const cache = cacheOf(db);
  const version = deepFreeze({
    rowVersion: row.rowVersion,
    key: `${formId}:${row.rowVersion}`,
    formId,
    collectionId: row.collectionId,
    definitionJson: row.definitionJson,
    rules: (row.dataQualityRules ?? []) as DataQualityRule[],
  });
  cache.delete(formId);
  cache.set(formId, version);
  if (cache.size > MAX_FORMS) cache.delete(cache.keys().next().value as number);
  return version;
}

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
  const hit = cacheOf(db).get(formId);
  if (hit?.rowVersion === rowVersion) return hit;
  const row = await findFormVersionRow(reader, formId);
  return row ? keep(db, formId, row) : undefined;
}

/**
 * The form version of a submission this process has not saved yet, read before the save's transaction
 * (one statement, once per submission per process), so that its evaluation, like every later one,
 * runs while no connection or row lock is held. undefined when there is no such submission.
 */
export async function readVersionOf(db: Db, submissionId: number) {
  const row = await findSubmissionFormVersionRow(db, submissionId);
  if (!row) return undefined;
  rememberFormOf(db, submissionId, row.formId);
  return keep(db, row.formId, row);
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
  return formId === undefined ? undefined : caches.get(db)?.get(formId);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
