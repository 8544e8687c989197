import { childrenOf, type FormComponent, type FormDefinition } from '@dcf/forms';

/**
 * The questions of a form an Excel defined name can stand for: every input in form order, keyed by its
 * key (Excel compares names case-insensitively, so do we). A data grid is one field whose defined name
 * is a range: one row per grid row, one column per input inside it, in order.
 */
export interface FillableField {
  key: string;
  component: FormComponent;
  /** Container keys above the field: its value lives at content[path[0]][...][key]. */
  path: string[];
  /** For a data grid: the inputs of one row, in column order. */
  columns?: FormComponent[];
}

const skipped = new Set(['button', 'htmlelement', 'content']);
const isInput = (c: FormComponent) => c.input === true && Boolean(c.key) && !skipped.has(String(c.type));

function rowInputs(list: FormComponent[]): FormComponent[] {
  return list.flatMap((c) => (isInput(c) && c.type !== 'container' ? [c] : rowInputs(childrenOf(c))));
}

export function fillableFields(definition: Pick<FormDefinition, 'components'>): FillableField[] {
  const fields: FillableField[] = [];
  const walk = (list: FormComponent[], path: string[]) => {
    for (const c of list) {
      if (c.type === 'datagrid' || c.type === 'editgrid') {
        if (c.key) fields.push({ key: c.key, component: c, path, columns: rowInputs(c.components ?? []) });
      } else if (c.type === 'container' && c.key) {
        walk(childrenOf(c), [...path, c.key]);
      } else if (isInput(c)) {
        fields.push({ key: c.key as string, component: c, path });
      } else {
        walk(childrenOf(c), path);
      }
    }
  };
  walk(definition.components, []);
  return fields;
}

export function fieldsByName(definition: Pick<FormDefinition, 'components'>): Map<string, FillableField> {
  return new Map(fillableFields(definition).map((f) => [f.key.toLowerCase(), f]));
}

export function valueAt(content: Record<string, unknown>, field: FillableField): unknown {
  let data: unknown = content;
  for (const key of field.path) data = (data as Record<string, unknown> | undefined)?.[key];
  return (data as Record<string, unknown> | undefined)?.[field.key];
}

export function setValueAt(content: Record<string, unknown>, field: FillableField, value: unknown) {
  let data = content;
  for (const key of field.path) {
    const next = data[key];
    data[key] = typeof next === 'object' && next !== null ? next : {};
    data = data[key] as Record<string, unknown>;
  }
  data[field.key] = value;
}
