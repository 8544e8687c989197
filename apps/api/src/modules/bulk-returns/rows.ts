import type { FormComponent } from '@dcf/forms';
import { parse } from 'csv-parse/sync';
import { exportColumns, type GridPattern } from '../exports/columns';

/**
 * The rows of a bulk returns call (decision 0039): one per organisation, `organisationCode` and a column
 * per answer named by the export's keys (exports/columns.ts: `headcount`, `address.postcode`,
 * `staff[0].grade`, `services.xray`), as JSON objects or as CSV with those keys as its header row. A
 * row's answers become the return's content, the whole of it: what the row leaves out is not answered.
 */
export interface BulkRow {
  /** 1 for the first row (a CSV's header row not counted). */
  row: number;
  organisationCode: string;
  /** Answers by export key: as given in JSON, as text from CSV (typed by the form: `typedAnswer`). */
  answers: Record<string, unknown>;
  fromCsv: boolean;
}

export const ORGANISATION_CODE = 'organisationCode';
/** `explanations.<ruleId>`: the submitter's explanation of a data quality warning (decision 0028). */
export const EXPLANATION_PREFIX = 'explanations.';
export const isExplanation = (key: string) => key.startsWith(EXPLANATION_PREFIX);

/** A row's explanations of data quality warnings, by rule id. */
export function explanationsOf(row: BulkRow): Record<string, string> {
  return Object.fromEntries(
    Object.entries(row.answers)
      .filter(([key]) => isExplanation(key))
      .map(([key, value]) => [key.slice(EXPLANATION_PREFIX.length), String(value ?? '')]),
  );
}

/** JSON: an array of flat objects, each with `organisationCode` and export keys. */
export function rowsFromJson(records: Record<string, unknown>[]): BulkRow[] {
  return records.map((record, i) => {
    const { [ORGANISATION_CODE]: code, ...answers } = record;
    return { row: i + 1, organisationCode: String(code ?? '').trim(), answers, fromCsv: false };
  });
}

/** CSV (RFC 4180, UTF-8, a BOM allowed): the header row names the columns; an empty cell is no answer. */
export function rowsFromCsv(text: string): BulkRow[] {
  const records = parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: false }) as Record<
    string,
    string
  >[];
  return records.map((record, i) => {
    const { [ORGANISATION_CODE]: code, ...cells } = record;
    const answers = Object.fromEntries(Object.entries(cells).filter(([, value]) => value !== ''));
    return { row: i + 1, organisationCode: (code ?? '').trim(), answers, fromCsv: true };
  });
}

/** `staff[0].grade` -> ['staff', 0, 'grade'] (the export's headerOf, read back). */
export function pathOf(key: string): (string | number)[] {
  const path: (string | number)[] = [];
  for (const match of key.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    path.push(match[2] === undefined ? (match[1] ?? '') : Number(match[2]));
  return path;
}

/** Each answer column the form versions have, by export key, for the grid rows the keys name. */
export function answerColumns(definitions: { components: FormComponent[] }[], keys: Iterable<string>) {
  // The most rows each grid is given in the request: a grid's columns go as far as its last row named.
  const rows = new Map<string, number>();
  for (const key of keys) {
    const path = pathOf(key);
    path.forEach((segment, i) => {
      if (typeof segment !== 'number') return;
      const pattern = JSON.stringify(path.slice(0, i).map((s) => (typeof s === 'number' ? '*' : s)));
      rows.set(pattern, Math.max(rows.get(pattern) ?? 0, segment + 1));
    });
  }
  const rowsOf = (pattern: GridPattern) => rows.get(JSON.stringify(pattern)) ?? 0;
  return new Map(exportColumns(definitions, rowsOf).map((column) => [column.header, column]));
}

/** Types whose answer is structured (the export writes it as JSON text). */
const STRUCTURED = new Set(['address', 'file', 'datamap', 'tags']);

/**
 * A CSV cell as the form's answer: numbers for number and currency questions, true / false for a
 * checkbox and a select boxes option, JSON text for structured answers (as the export wrote it),
 * text otherwise. Text that is not what the question takes stays text: the form's checks refuse it.
 */
export function typedAnswer(type: string, text: string): unknown {
  if (type === 'number' || type === 'currency') {
    const number = Number(text.trim());
    return text.trim() !== '' && Number.isFinite(number) ? number : text;
  }
  if (type === 'checkbox' || type === 'selectboxes') {
    const word = text.trim().toLowerCase();
    return word === 'true' ? true : word === 'false' ? false : text;
  }
  if (STRUCTURED.has(type) && /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The return's content from a row's answers: each put at its key's path (`a[0].b` in a grid row). */
export function contentOf(row: BulkRow, columns: Map<string, { type: string }>): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const [key, given] of Object.entries(row.answers)) {
    if (isExplanation(key)) continue;
    const value =
      row.fromCsv && typeof given === 'string' ? typedAnswer(columns.get(key)?.type ?? '', given) : given;
    const path = pathOf(key);
    let at: Record<string | number, unknown> = content;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        at[segment] = value;
        return;
      }
      const next = path[i + 1];
      if (at[segment] === undefined || typeof at[segment] !== 'object' || at[segment] === null)
        at[segment] = typeof next === 'number' ? [] : {};
      at = at[segment] as Record<string | number, unknown>;
    });
  }
  return content;
}
