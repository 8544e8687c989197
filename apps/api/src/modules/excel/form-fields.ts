import { childLists, dataShapeOf, type FormComponent, type FormDefinition, innerDataKey } from '@dcf/forms';

/**
 * What an Excel defined name stands for in a form (decision 0023, which extends 0008). A name is the
 * answer's place in the return: keys joined by dots, as the export's Key column writes it, with a
 * grid's row as its number from 1 or left out for every row; compared case-insensitively, as Excel does.
 *
 * - `headcount`: one cell; `contact.phone`: a container's question (a nested form's: `referral.data.name`);
 * - `staff`: a grid, a range with one row per grid row and one column per answer of the row in form
 *   order (layout and containers inside the row looked through: `staff.address.postcode` is a column);
 *   a grid inside the row is not a column, it has names of its own:
 * - `days.1.hours`: the grid `hours` of the first row of `days` (a range, as a grid);
 * - `days.hours`: the `hours` rows of every row of `days`, one after another (filled, never read back);
 * - `staff.1.grade`: one cell, the first row's answer; `staff.grade`: a column, one cell per row.
 *
 * A name of one key that is no question at the top (`phone` inside a container) still stands for the
 * only question with that key outside any grid (0008's rule). Form.io keys with characters Excel names
 * cannot hold (`-`) cannot be named.
 */

/** A step from the return's data towards the answer: an object's key, or a grid with the row it takes. */
export type Step = { key: string; row?: number | 'every' };

/** An answer in a grid row: the component and where it sits in the row's object (`['address', 'postcode']`). */
export interface Column {
  component: FormComponent;
  path: string[];
}

export interface FillableField {
  /** The field's name in the rule above, as written for every row (`days.hours`, `contact.phone`). */
  key: string;
  component: FormComponent;
  /** From the return's data to the object(s) holding the answer under `component.key`. */
  steps: Step[];
  /** The cells of one row of the range, in order: a grid's answers, or the field itself. */
  columns: Column[];
  /** A single cell: no grid above it takes every row, and it is not a grid. */
  single: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const keyOf = (c: FormComponent) => (typeof c.key === 'string' ? c.key : '');

/** The components with an answer of their own in a list, layout looked through, with their shape. */
function dataChildren(list: FormComponent[]): FormComponent[] {
  return list.flatMap((c) => {
    const shape = dataShapeOf(c);
    if (shape === 'layout') return childLists(c).flatMap(dataChildren);
    return shape === 'content' || keyOf(c) === '' ? [] : [c];
  });
}

/** The answers of one grid row as columns: containers looked through, grids inside left out. */
export function rowColumns(grid: FormComponent): Column[] {
  const columns: Column[] = [];
  const walk = (list: FormComponent[], prefix: string[]) => {
    for (const c of dataChildren(list)) {
      const shape = dataShapeOf(c);
      const inner = innerDataKey(c);
      if (shape === 'object')
        for (const l of childLists(c)) walk(l, [...prefix, keyOf(c), ...(inner ? [inner] : [])]);
      else if (shape === 'value') columns.push({ component: c, path: [...prefix, keyOf(c)] });
    }
  };
  for (const l of childLists(grid)) walk(l, []);
  return columns;
}

function fieldOf(component: FormComponent, steps: Step[]): FillableField {
  const grid = dataShapeOf(component) === 'rows';
  const every = steps.some((s) => s.row === 'every');
  const name = [
    ...steps.flatMap((s) => (typeof s.row === 'number' ? [s.key, String(s.row + 1)] : [s.key])),
    keyOf(component),
  ].join('.');
  return {
    key: name,
    component,
    steps,
    columns: grid ? rowColumns(component) : [{ component, path: [keyOf(component)] }],
    single: !grid && !every,
  };
}

const ROW_NUMBER = /^[1-9]\d{0,5}$/;

/** The field a name stands for by the dotted rule, or null. */
function byPath(components: FormComponent[], segments: string[]): FillableField | null {
  const steps: Step[] = [];
  let list = components;
  for (let i = 0; i < segments.length; ) {
    // A Form.io key may itself hold dots (`ward.beds`): the longest key that matches wins.
    const children = dataChildren(list);
    let c: FormComponent | undefined;
    for (let j = segments.length; j > i && !c; j--) {
      const wanted = segments.slice(i, j).join('.').toLowerCase();
      c = children.find((child) => keyOf(child).toLowerCase() === wanted);
      if (c) i = j;
    }
    if (!c) return null;
    const shape = dataShapeOf(c);
    if (i === segments.length) return shape === 'object' ? null : fieldOf(c, steps);
    if (shape === 'object') {
      steps.push({ key: keyOf(c) });
      const inner = innerDataKey(c);
      if (inner) {
        if ((segments[i] as string).toLowerCase() !== inner) return null;
        steps.push({ key: inner });
        i++;
      }
    } else if (shape === 'rows') {
      const row = segments[i] as string;
      if (ROW_NUMBER.test(row)) {
        steps.push({ key: keyOf(c), row: Number(row) - 1 });
        i++;
        if (i === segments.length) return null;
      } else steps.push({ key: keyOf(c), row: 'every' });
    } else return null;
    list = childLists(c).flat();
  }
  return null;
}

/**
 * The questions a template can name outside any grid, and every grid (a grid inside a grid by its
 * name for every row, `days.hours`), in form order.
 */
export function fillableFields(definition: Pick<FormDefinition, 'components'>): FillableField[] {
  const fields: FillableField[] = [];
  const walk = (list: FormComponent[], steps: Step[]) => {
    for (const c of dataChildren(list)) {
      const shape = dataShapeOf(c);
      const inner = innerDataKey(c);
      if (shape === 'object') {
        const next = [...steps, { key: keyOf(c) }, ...(inner ? [{ key: inner }] : [])];
        for (const l of childLists(c)) walk(l, next);
      } else if (shape === 'rows') {
        fields.push(fieldOf(c, steps));
        for (const l of childLists(c)) walk(l, [...steps, { key: keyOf(c), row: 'every' }]);
        // Inside a grid only grids are fields of their own; the row's other answers are its columns.
      } else if (!steps.some((s) => s.row === 'every')) fields.push(fieldOf(c, steps));
    }
  };
  walk(definition.components, []);
  return fields;
}

/** The field a defined name stands for, or null when it names no answer of the form. */
export function resolveName(
  definition: Pick<FormDefinition, 'components'>,
  name: string,
): FillableField | null {
  const found = byPath(definition.components, name.split('.'));
  if (found || name.includes('.')) return found;
  // 0008's rule: a question inside containers by its own key, when only one question has it.
  const matches = fillableFields(definition).filter(
    (f) => readsBack(f) && keyOf(f.component).toLowerCase() === name.toLowerCase(),
  );
  return matches.length === 1 ? (matches[0] as FillableField) : null;
}

/** The objects holding the field's answer: one, or one per row of each grid above taking every row. */
function holdersOf(content: Record<string, unknown>, steps: Step[]): Record<string, unknown>[] {
  let holders = [content];
  for (const step of steps) {
    holders = holders.flatMap((holder) => {
      const value = holder[step.key];
      if (step.row === undefined) return isObject(value) ? [value] : [];
      if (!Array.isArray(value)) return [];
      if (step.row === 'every') return value.map((row) => (isObject(row) ? row : {}));
      const row = value[step.row];
      return isObject(row) ? [row] : [];
    });
  }
  return holders;
}

/** The rows of the field's range in order (for a single field, the one object holding it). */
export function rowsOf(content: Record<string, unknown>, field: FillableField): Record<string, unknown>[] {
  const holders = holdersOf(content, field.steps);
  if (dataShapeOf(field.component) !== 'rows') return holders;
  return holders.flatMap((holder) => {
    const rows = holder[keyOf(field.component)];
    return Array.isArray(rows) ? rows.map((row) => (isObject(row) ? row : {})) : [];
  });
}

export function valueIn(row: Record<string, unknown>, path: string[]): unknown {
  let value: unknown = row;
  for (const key of path) value = isObject(value) ? value[key] : undefined;
  return value;
}

export function setIn(data: Record<string, unknown>, path: string[], value: unknown) {
  let holder = data;
  for (const key of path.slice(0, -1)) {
    if (!isObject(holder[key])) holder[key] = {};
    holder = holder[key] as Record<string, unknown>;
  }
  holder[path.at(-1) as string] = value;
}

/**
 * Whether answers can be read back from the field's cells: not when a grid above takes every row
 * (`days.hours`: which day's rows they are is lost). `days.1.hours` is read back.
 */
export const readsBack = (field: FillableField) => !field.steps.some((s) => s.row === 'every');

/** The field's data path as the API names answers (`days[0].hours`, `contact.phone`). */
export function dataPathOf(field: FillableField): string {
  const parts = [...field.steps, { key: keyOf(field.component) }].map((s) =>
    typeof s.row === 'number' ? `${s.key}[${s.row}]` : s.key,
  );
  return parts.join('.');
}

/** Sets the field's answer (a value, or a grid's rows) in answers being built from a workbook. */
export function setField(values: Record<string, unknown>, field: FillableField, value: unknown) {
  let holder = values;
  for (const step of field.steps) {
    if (step.row === undefined) {
      if (!isObject(holder[step.key])) holder[step.key] = {};
      holder = holder[step.key] as Record<string, unknown>;
      continue;
    }
    // Only fields that read back (readsBack) come here: every grid above has its row given.
    const index = step.row === 'every' ? 0 : step.row;
    if (!Array.isArray(holder[step.key])) holder[step.key] = [];
    const rows = holder[step.key] as unknown[];
    for (let i = rows.length; i <= index; i++) rows.push({});
    if (!isObject(rows[index])) rows[index] = {};
    holder = rows[index] as Record<string, unknown>;
  }
  const key = keyOf(field.component);
  holder[key] = merged(holder[key], value);
}

/** Two names may fill the same grid (`days` and `days.2.hours`): rows and objects merge, in any order. */
function merged(before: unknown, after: unknown): unknown {
  if (Array.isArray(before) && Array.isArray(after))
    return Array.from({ length: Math.max(before.length, after.length) }, (_, i) =>
      merged(before[i], after[i]),
    );
  if (isObject(before) && isObject(after)) {
    const out = { ...before };
    for (const [k, v] of Object.entries(after)) out[k] = merged(before[k], v);
    return out;
  }
  return after === undefined ? before : after;
}
