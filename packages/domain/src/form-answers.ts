import type { FormComponent, FormDefinition } from './form-definition';

/**
 * A return read back as a person reads it: every question and its answer in form order, wizard pages
 * and panels as headings, data grids as tables. Used by the PDF download; pure, so any screen can
 * show a return the same way.
 */
export type AnswerItem =
  | { kind: 'page'; title: string }
  | { kind: 'heading'; title: string }
  | { kind: 'field'; key: string; label: string; answer: string }
  | { kind: 'table'; key: string; label: string; columns: string[]; rows: string[][] };

export const notAnswered = 'Not answered';

type Choice = { label?: unknown; value?: unknown };

/** Components that hold rows of child inputs: one table each. */
const gridTypes = new Set(['datagrid', 'editgrid']);
/** Inputs Form.io renders without a question. */
const skippedTypes = new Set(['button', 'hidden', 'htmlelement', 'content']);

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const labelOf = (c: FormComponent) => text(c.label) || text(c.title) || c.key || '';

function choicesOf(c: FormComponent): Choice[] {
  if (Array.isArray(c.values)) return c.values as Choice[];
  const data = c.data as { values?: unknown } | undefined;
  return Array.isArray(data?.values) ? (data.values as Choice[]) : [];
}

const choiceLabel = (c: FormComponent, value: unknown) =>
  text(choicesOf(c).find((choice) => String(choice.value) === String(value))?.label) || String(value);

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0);

/** One answer as text: choices by their labels, Yes/No for a checkbox, file names for files. */
export function formatAnswer(c: FormComponent, value: unknown): string {
  if (c.type === 'checkbox') return value === true ? 'Yes' : value === false ? 'No' : notAnswered;
  if (isEmpty(value)) return notAnswered;
  switch (c.type) {
    case 'radio':
      return choiceLabel(c, value);
    case 'select':
      return (Array.isArray(value) ? value : [value]).map((v) => choiceLabel(c, v)).join(', ');
    case 'selectboxes': {
      const ticked = Object.entries(value as Record<string, unknown>)
        .filter(([, on]) => on === true)
        .map(([v]) => choiceLabel(c, v));
      return ticked.length > 0 ? ticked.join(', ') : notAnswered;
    }
    case 'file':
      return (Array.isArray(value) ? value : [value])
        .map(
          (f) =>
            text((f as Record<string, unknown>)?.originalName) || text((f as Record<string, unknown>)?.name),
        )
        .filter(Boolean)
        .join(', ');
    default:
      if (typeof value === 'object') return JSON.stringify(value);
      return String(value);
  }
}

const isInput = (c: FormComponent) =>
  c.input === true && Boolean(c.key) && !skippedTypes.has(String(c.type)) && c.hidden !== true;

/** The input components inside a layout component, in order (for a grid's columns). */
function inputsWithin(list: FormComponent[] | undefined): FormComponent[] {
  const found: FormComponent[] = [];
  for (const c of list ?? []) {
    if (isInput(c) && !gridTypes.has(String(c.type))) found.push(c);
    else found.push(...inputsWithin(childrenOf(c)));
  }
  return found;
}

function childrenOf(c: FormComponent): FormComponent[] {
  return [
    ...(c.components ?? []),
    ...(c.columns ?? []).flatMap((col) => col.components ?? []),
    ...(c.rows ?? []).flatMap((row) => row.flatMap((cell) => cell.components ?? [])),
  ];
}

export function formAnswers(
  definition: Pick<FormDefinition, 'display' | 'components'>,
  content: Record<string, unknown>,
) {
  const items: AnswerItem[] = [];
  const walk = (list: FormComponent[] | undefined, data: Record<string, unknown>, depth: number) => {
    for (const c of list ?? []) {
      if (c.hidden === true) continue;
      if (gridTypes.has(String(c.type)) && c.key) {
        const columns = inputsWithin(c.components);
        const rows = Array.isArray(data[c.key]) ? (data[c.key] as Record<string, unknown>[]) : [];
        items.push({
          kind: 'table',
          key: c.key,
          label: labelOf(c),
          columns: columns.map(labelOf),
          rows: rows.map((row) => columns.map((col) => formatAnswer(col, row?.[col.key as string]))),
        });
        continue;
      }
      if (isInput(c) && c.type !== 'container') {
        items.push({
          kind: 'field',
          key: c.key as string,
          label: labelOf(c),
          answer: formatAnswer(c, data[c.key as string]),
        });
        continue;
      }
      if (c.type === 'panel' || c.type === 'fieldset') {
        const title = text(c.title) || text(c.legend) || text(c.label);
        const isPage = depth === 0 && c.type === 'panel' && definition.display === 'wizard';
        if (title) items.push({ kind: isPage ? 'page' : 'heading', title });
      }
      // A container keeps its children's values under its own key.
      const childData =
        c.type === 'container' && c.key && typeof data[c.key] === 'object' && data[c.key] !== null
          ? (data[c.key] as Record<string, unknown>)
          : data;
      walk(childrenOf(c), childData, depth + 1);
    }
  };
  walk(definition.components, content, 0);
  return items;
}
