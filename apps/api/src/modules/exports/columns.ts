import { childLists, type FormComponent } from '@dcf/forms';

/**
 * Export columns from Form.io definitions: one column per answer, in form order, named by its data
 * path so the same answer always lands in the same column:
 *
 * - wizard pages, panels, columns, tables, fieldsets, wells and tabs only lay questions out: no prefix;
 * - a container (or any `tree` component that is not a grid) nests its answers: `address.postcode`;
 * - a data grid / edit grid repeats them: `staff[0].grade`, `staff[1].grade` ... up to the most rows
 *   any exported return has (a grid inside a grid: `a[0].b[1].c`);
 * - select boxes have one column per option: `services.xray` (true / false);
 * - anything else structured (address, file ...) is one column of JSON text.
 *
 * Several versions: the newest version's columns first, then any column only older versions had, so
 * answers given on an older form are kept.
 */
export interface ExportColumn {
  header: string;
  path: (string | number)[];
}

const GRID_TYPES = new Set(['datagrid', 'editgrid', 'datatable', 'tagpad']);
const NO_DATA_TYPES = new Set(['button', 'htmlelement', 'content']);

/** A grid's data location with `*` for every enclosing grid's rows (a JSONPath-like pattern). */
export type GridPattern = (string | '*')[];

const children = childLists;

/** Every grid of the definitions (with enclosing grids as `*`), to ask the database for row counts. */
export function gridPatterns(definitions: { components: FormComponent[] }[]): GridPattern[] {
  const found = new Map<string, GridPattern>();
  const walk = (list: FormComponent[], prefix: GridPattern) => {
    for (const c of list) {
      const type = String(c.type ?? '');
      if (GRID_TYPES.has(type) && c.key) {
        const pattern = [...prefix, c.key];
        found.set(JSON.stringify(pattern), pattern);
        for (const l of children(c)) walk(l, [...pattern, '*']);
      } else if (isNesting(c)) for (const l of children(c)) walk(l, [...prefix, c.key as string]);
      else for (const l of children(c)) walk(l, prefix);
    }
  };
  for (const d of definitions) walk(d.components, []);
  return [...found.values()];
}

function isNesting(c: FormComponent): boolean {
  return Boolean(c.key) && (c.type === 'container' || (c.tree === true && !GRID_TYPES.has(String(c.type))));
}

/** `grid[0].field` from ['grid', 0, 'field']. */
export function headerOf(path: (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/**
 * The columns of the definitions (newest first). `rowsOf(pattern)` gives the most rows a grid has in
 * the exported returns (0 when none: the grid then has no columns).
 */
export function exportColumns(
  definitions: { components: FormComponent[] }[],
  rowsOf: (pattern: GridPattern) => number,
): ExportColumn[] {
  const columns = new Map<string, ExportColumn>();
  const add = (path: (string | number)[]) => {
    const header = headerOf(path);
    if (!columns.has(header)) columns.set(header, { header, path });
  };
  const walk = (list: FormComponent[], path: (string | number)[], pattern: GridPattern) => {
    for (const c of list) {
      const type = String(c.type ?? '');
      if (NO_DATA_TYPES.has(type)) continue;
      if (GRID_TYPES.has(type) && c.key) {
        const rows = rowsOf([...pattern, c.key]);
        for (let i = 0; i < rows; i++)
          for (const l of children(c)) walk(l, [...path, c.key, i], [...pattern, c.key, '*']);
      } else if (isNesting(c)) {
        for (const l of children(c)) walk(l, [...path, c.key as string], [...pattern, c.key as string]);
      } else if (c.input === true && c.key) {
        if (type === 'selectboxes' && Array.isArray(c.values))
          for (const option of c.values as { value?: unknown }[])
            add([...path, c.key, String(option.value ?? '')]);
        else add([...path, c.key]);
      } else for (const l of children(c)) walk(l, path, pattern);
    }
  };
  for (const d of definitions) walk(d.components, [], []);
  return [...columns.values()];
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
