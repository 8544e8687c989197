// The corpus of real public Form.io definitions: one JSON file each beside this index, described in entries/,
// cited in README.md. Tests iterate `corpus` and read a definition with `readCorpusDefinition`.
// corpus.test.ts checks every entry against its file (types, JavaScript, JSON Logic, grids) and that
// together the files cover every component in STANDARD_COMPONENT_TYPES.
import { readFileSync } from 'node:fs';

/** Form.io's standard components the product renders as NHS.UK components. */
export const STANDARD_COMPONENT_TYPES = [
  'textfield',
  'textarea',
  'number',
  'currency',
  'email',
  'phoneNumber',
  'select',
  'radio',
  'checkbox',
  'selectboxes',
  'day',
  'datetime',
  'time',
  'datagrid',
  'editgrid',
  'container',
  'panel',
  'fieldset',
  'columns',
  'table',
  'well',
  'tabs',
  'content',
  'htmlelement',
  'file',
  'survey',
  'signature',
  'hidden',
] as const;

export interface CorpusSource {
  repository: string;
  /** Path of the file in the repository at `commit`. */
  path: string;
  commit: string;
  licence: string;
  /** Which export or object of the file holds the form, when it is not the whole file. */
  export?: string;
  /** The test whose inline form this is, for forms written inside a test file. */
  test?: string;
  /** Where the exact bytes were taken from, when not the repository file itself (the published package). */
  via?: string;
}

export interface CorpusEntry {
  name: string;
  file: string;
  /** The form's own `title`, when it has one. */
  title: string | null;
  about: string;
  /** 'wizard' when the definition says so; otherwise Form.io renders it as a single page. */
  display: 'form' | 'wizard';
  componentTypes: string[];
  hasCustomJavaScript: boolean;
  /** Properties holding JavaScript: the product must convert these to JSON Logic or refuse the form. */
  customJavaScript: string[];
  /** Properties holding JSON Logic. */
  jsonLogic: string[];
  simpleConditionals: boolean;
  /** A datagrid or editgrid inside another. */
  nestedGrids: boolean;
  source: CorpusSource;
  /** How the stored file differs in shape from the source (extracted or wrapped), or null. */
  wrapped: string | null;
}

export interface FormDefinition {
  display?: string;
  components: unknown[];
  [key: string]: unknown;
}

/** Entries are data, kept as JSON under entries/ by where the forms came from (README.md, "Publishers"):
 * Form.io's engine fixtures and the first CHEFS example, Form.io's renderer tests, and other services' forms. */
const ENTRY_FILES = ['first-forms.json', 'formio-js.json', 'other-services.json'];

const readJson = (relative: string): unknown =>
  JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));

/** Every form of the corpus, from six publishers (README.md, "Publishers"). */
export const corpus: readonly CorpusEntry[] = ENTRY_FILES.flatMap(
  (file) => readJson(`entries/${file}`) as CorpusEntry[],
);

/** Who published a form: the repository's owner (Form.io's own repositories count once). */
export const publisherOf = (repository: string): string => repository.split('/')[0] ?? repository;

export function readCorpusDefinition(entry: CorpusEntry): FormDefinition {
  return readJson(entry.file) as FormDefinition;
}
