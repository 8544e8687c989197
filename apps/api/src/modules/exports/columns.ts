import { childLists, dataShapeOf, type FormComponent, innerDataKey, isMultiValue, labelOf } from '@dcf/forms';

/**
 * Export columns from Form.io definitions: one column per answer, in form order, named by its data
 * path so the same answer always lands in the same column:
 *
 * - wizard pages, panels, columns, tables, fieldsets, wells and tabs only lay questions out: no prefix;
 * - a container (or any `tree` component that is not a grid) nests its answers: `address.postcode`; a
 *   nested form under its `data`: `referral.data.name`;
 * - a data grid / edit grid repeats them: `staff[0].grade`, `staff[1].grade` ... up to the most rows
 *   any exported return has (a grid inside a grid: `a[0].b[1].c`);
 * - select boxes have one column per option: `services.xray` (true / false); a survey one per
 *   question: `satisfaction.waiting` (the answer's value);
 * - anything else structured (address, file ...) is one column of JSON text.
 *
 * Several versions: the newest version's columns first, then any column only older versions had, so
 * answers given on an older form are kept.
 */
export interface ExportColumn {
  /** The answer's data path as text (`staff[0].grade`): the key row of a CSV, the dictionary's Key. */
  header: string;
  path: (string | number)[];
  /** What a person reads: the question's label, with its grid row or option (`Staff (row 1): Grade`). */
  label: string;
  /** The Form.io component type (`number`, `textfield`, `selectboxes` ...). */
  type: string;
  /** The wizard page (or top-level panel) the question is on; empty on a single-page form. */
  page: string;
  /** A choice question's options as `value = label`, separated by `; ` (empty otherwise). */
  options: string;
  /** A `day` question that keeps its answers day first (`DD/MM/YYYY`, Form.io's `dayFirst`). */
  dayFirst?: boolean;
  /** A choice question's options, as values and labels (the OData feed's annotations). */
  choices?: { value: string; label: string }[];
  /** A number question that allows no decimals (`decimalLimit: 0` or `validate.integer`). */
  integer?: boolean;
  /** A multi-value question's whole list in one column (the OData feed; the exports give an item each). */
  multiValue?: boolean;
}

/** A grid's data location with `*` for every enclosing grid's rows (a JSONPath-like pattern). */
export type GridPattern = (string | '*')[];

/**
 * Where a component's children keep their answers, relative to its own: a container's directly under
 * its key, a nested form's under `key.data` (Form.io's data model, as THE walker of @dcf/forms says).
 */
const nestedPath = (c: FormComponent, key: string): string[] => {
  const inner = innerDataKey(c);
  return inner ? [key, inner] : [key];
};

/** Every grid of the definitions (with enclosing grids as `*`), to ask the database for row counts. */
export function gridPatterns(definitions: { components: FormComponent[] }[]): GridPattern[] {
  const found = new Map<string, GridPattern>();
  const walk = (list: FormComponent[], prefix: GridPattern) => {
    for (const c of list) {
      const shape = dataShapeOf(c);
      const key = typeof c.key === 'string' ? c.key : '';
      if (isMultiValue(c) && key) found.set(JSON.stringify([...prefix, key]), [...prefix, key]);
      else if (shape === 'rows' && key) {
        const pattern = [...prefix, key];
        found.set(JSON.stringify(pattern), pattern);
        for (const l of childLists(c)) walk(l, [...pattern, '*']);
      } else if (shape === 'object' && key)
        for (const l of childLists(c)) walk(l, [...prefix, ...nestedPath(c, key)]);
      else if (shape === 'layout') for (const l of childLists(c)) walk(l, prefix);
    }
  };
  for (const d of definitions) walk(d.components, []);
  return [...found.values()];
}

/** `grid[0].field` from ['grid', 0, 'field']. */
export function headerOf(path: (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/**
 * The columns of the definitions (newest first). `rowsOf(pattern)` gives the most rows a grid has in
 * the exported returns (0 when none: the grid then has no columns). Components are read as THE walker
 * of @dcf/forms reads them (`dataShapeOf`): an input is one whatever its `input` flag says (Form.io's
 * builder leaves it out inside layouts), a container or nested form nests, a grid repeats.
 */
export function exportColumns(
  definitions: { components: FormComponent[] }[],
  rowsOf: (pattern: GridPattern) => number,
  how: { multiValueWhole?: boolean } = {},
): ExportColumn[] {
  const columns = new Map<string, ExportColumn>();
  const add = (path: (string | number)[], column: Omit<ExportColumn, 'header' | 'path'>) => {
    const header = headerOf(path);
    if (!columns.has(header)) columns.set(header, { header, path, ...column });
  };
  /** Where a question sits: its page and the words before its own label (grid row, container). */
  interface Place {
    path: (string | number)[];
    pattern: GridPattern;
    page: string;
    prefix: string;
  }
  const walk = (list: FormComponent[], at: Place) => {
    for (const c of list) {
      const shape = dataShapeOf(c);
      if (shape === 'content') continue;
      const type = String(c.type ?? '');
      const key = typeof c.key === 'string' ? c.key : '';
      const label = labelOf(c);
      if (shape === 'layout') {
        // A top-level panel is a wizard page (or a section of a one-page form): its title names the page.
        const page = at.path.length === 0 && at.page === '' && type === 'panel' ? label : at.page;
        for (const l of childLists(c)) walk(l, { ...at, page });
      } else if (!key) {
        // An answer needs a key to have a place in the data (the upload refuses such forms).
      } else if (isMultiValue(c)) {
        const options = optionsOf(c)
          .map((o) => `${o.value} = ${o.label}`)
          .join('; ');
        if (how.multiValueWhole)
          add([...at.path, key], {
            label: `${at.prefix}${label}`,
            type,
            page: at.page,
            options,
            multiValue: true,
          });
        const items = how.multiValueWhole ? 0 : rowsOf([...at.pattern, key]);
        for (let i = 0; i < items; i++)
          add([...at.path, key, i], {
            label: `${at.prefix}${label} (${i + 1})`,
            type,
            page: at.page,
            options,
          });
      } else if (shape === 'rows') {
        const rows = rowsOf([...at.pattern, key]);
        for (let i = 0; i < rows; i++)
          for (const l of childLists(c))
            walk(l, {
              path: [...at.path, key, i],
              pattern: [...at.pattern, key, '*'],
              page: at.page,
              prefix: `${at.prefix}${label} (row ${i + 1}): `,
            });
      } else if (shape === 'object') {
        const named = c.label ? `${at.prefix}${label}: ` : at.prefix;
        const inner = nestedPath(c, key);
        for (const l of childLists(c))
          walk(l, {
            path: [...at.path, ...inner],
            pattern: [...at.pattern, ...inner],
            page: at.page,
            prefix: named,
          });
      } else {
        const choices = optionsOf(c);
        const options = choices.map((o) => `${o.value} = ${o.label}`).join('; ');
        const parts = partsOf(c, choices);
        if (parts.length > 0)
          for (const part of parts)
            add([...at.path, key, part.value], {
              label: `${at.prefix}${label}: ${part.label}`,
              type,
              page: at.page,
              options,
            });
        else
          add([...at.path, key], {
            label: `${at.prefix}${label}`,
            type,
            page: at.page,
            options,
            ...(type === 'day' && c.dayFirst === true ? { dayFirst: true } : {}),
            ...(choices.length > 0 ? { choices } : {}),
            ...(isInteger(c) ? { integer: true } : {}),
          });
      }
    }
  };
  for (const d of definitions) walk(d.components, { path: [], pattern: [], page: '', prefix: '' });
  return [...columns.values()];
}

/** A number question that allows no decimals. */
const isInteger = (c: FormComponent) =>
  c.decimalLimit === 0 || (c.validate as { integer?: unknown } | undefined)?.integer === true;

/** A grid that is not inside another grid: its data path and its row's components, per form version. */
export interface TopGrid {
  path: string[];
  label: string;
  /** The row's components in each version that has the grid, newest first. */
  versions: { components: FormComponent[] }[];
}

/**
 * The grids (data grids, edit grids ...) not inside another grid, newest version's first: what the
 * OData feed serves as a linked table each. Found as `gridPatterns` finds them (containers nest).
 */
export function topGrids(definitions: { components: FormComponent[] }[]): TopGrid[] {
  const found = new Map<string, TopGrid>();
  const walk = (list: FormComponent[], prefix: string[]) => {
    for (const c of list) {
      const shape = dataShapeOf(c);
      const key = typeof c.key === 'string' ? c.key : '';
      if (shape === 'rows' && key) {
        const path = [...prefix, key];
        const id = JSON.stringify(path);
        const grid = found.get(id) ?? { path, label: labelOf(c), versions: [] };
        grid.versions.push({ components: childLists(c).flat() });
        found.set(id, grid);
      } else if (shape === 'object' && key)
        for (const l of childLists(c)) walk(l, [...prefix, ...nestedPath(c, key)]);
      else if (shape === 'layout') for (const l of childLists(c)) walk(l, prefix);
    }
  };
  for (const d of definitions) walk(d.components, []);
  return [...found.values()];
}

/**
 * The parts of an answer that is an object with one entry per known name, each a column of its own:
 * select boxes (an option: true / false) and a survey (a question: its answer). None for anything else.
 */
function partsOf(c: FormComponent, choices: { value: string; label: string }[]) {
  if (c.type === 'selectboxes') return choices;
  if (c.type !== 'survey' || !Array.isArray(c.questions)) return [];
  return (c.questions as { value?: unknown; label?: unknown }[])
    .filter((q) => q && typeof q === 'object' && q.value !== undefined && q.value !== '')
    .map((q) => ({ value: String(q.value), label: String(q.label ?? q.value) }));
}

/** A choice component's static options (select boxes, radios, selects), as value and label. */
function optionsOf(c: FormComponent): { value: string; label: string }[] {
  const list = Array.isArray(c.values)
    ? c.values
    : c.data && typeof c.data === 'object' && Array.isArray((c.data as { values?: unknown }).values)
      ? (c.data as { values: unknown[] }).values
      : [];
  return (list as { value?: unknown; label?: unknown }[])
    .filter((o) => o && typeof o === 'object')
    .map((o) => ({ value: String(o.value ?? ''), label: String(o.label ?? o.value ?? '') }));
}

/** The answer at a column's path in a return's content (undefined when not answered). */
export function valueAt(content: unknown, path: (string | number)[]): unknown {
  let value: unknown = content;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

/** A cell's value: numbers and booleans as they are, text as text, anything structured as JSON. */
export function cellValue(value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  return JSON.stringify(value);
}
