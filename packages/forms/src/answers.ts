import { DateTime } from 'luxon';
import {
  childLists,
  dataShapeOf,
  type FormComponent,
  type FormDefinition,
  innerDataKey,
  isMultiValue,
  jsonDataItems,
} from './components';
import { isDict } from './logic/values';

/**
 * THE answers walker: a return read back as a person reads it, every question and its answer in form
 * order at any depth. Wizard pages, panels, fieldsets and tabs are headings; a simple grid (up to five
 * plain columns) is a table; any other grid (a grid or container inside it, or many columns) is one
 * group of answers per row, headed "Wards 2". Used by the PDF, and by the web's check-your-answers page;
 * pure, so any screen can show a return the same way.
 */
export type AnswerItem =
  | { kind: 'page'; title: string; path: string }
  | { kind: 'heading'; title: string; path: string; depth: number }
  | {
      kind: 'field';
      key: string;
      path: string;
      label: string;
      answer: string;
      answered: boolean;
      /** A multi-value question's answers, one each (decision 0035); `answer` joins them. */
      items?: string[];
    }
  | { kind: 'table'; key: string; path: string; label: string; columns: string[]; rows: string[][] };

export const notAnswered = 'Not answered';

/** A grid is printed as a table up to this many columns; wider grids print row by row. */
export const maxTableColumns = 5;

export interface AnswersOptions {
  /** Paths the engine reports hidden (evaluateForm(...).hidden): left out with everything inside. */
  hidden?: ReadonlySet<string>;
}

type Choice = { label?: unknown; value?: unknown };

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const labelOf = (c: FormComponent) =>
  text(c.label).trim() || text(c.title).trim() || text(c.legend).trim() || c.key || '';
const join = (prefix: string, key: string) =>
  prefix === '' ? key : key === '' ? prefix : `${prefix}.${key}`;

function choicesOf(c: FormComponent): Choice[] {
  if (Array.isArray(c.values)) return c.values as Choice[];
  const data = isDict(c.data) ? c.data : {};
  if (Array.isArray(data.values)) return data.values as Choice[];
  const items = jsonDataItems(c);
  if (!items) return [];
  const valueKey = text(c.valueProperty);
  return items.filter(isDict).map((item) => ({
    value: valueKey ? item[valueKey] : item.value,
    label: item.label ?? item.name ?? item.title ?? (valueKey ? item[valueKey] : item.value),
  }));
}

const choiceLabel = (c: FormComponent, value: unknown) => {
  const match = choicesOf(c).find((choice) => String(choice.value) === String(value));
  return text(match?.label) || (match?.label !== undefined ? String(match.label) : String(value));
};

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isDict(value) && Object.keys(value).length === 0);

const LONDON = { zone: 'Europe/London' };

function formatDateTime(c: FormComponent, value: unknown): string {
  if (typeof value !== 'string') return String(value);
  const date = DateTime.fromISO(value, { setZone: false }).setZone(LONDON.zone);
  if (!date.isValid) return value;
  return c.enableTime === false ? date.toFormat('d MMMM yyyy') : date.toFormat('d MMMM yyyy, HH:mm');
}

/** Form.io's day value: MM/DD/YYYY, or DD/MM/YYYY with `dayFirst`, 00 (or empty) for a part not given. */
function formatDay(c: FormComponent, value: unknown): string {
  if (typeof value !== 'string') return String(value);
  const parts = value.split('/').map((p) => Number.parseInt(p, 10) || 0);
  if (parts.length !== 3) return value;
  const [first = 0, second = 0, year = 0] = parts;
  const [day, month] = c.dayFirst === true ? [first, second] : [second, first];
  const monthName =
    month >= 1 && month <= 12 ? DateTime.fromObject({ year: 2000, month, day: 1 }).toFormat('MMMM') : '';
  return [day || '', monthName, year || ''].filter(Boolean).join(' ') || value;
}

/**
 * An object answer's entries in the form's order (a survey's questions, select boxes' options), then any
 * other: the database keeps an object's keys in its own order (PostgreSQL's jsonb sorts them).
 */
function inFormOrder(order: Choice[], value: Record<string, unknown>): [string, unknown][] {
  const known = order.map((item) => String(item.value)).filter((key) => Object.hasOwn(value, key));
  const rest = Object.keys(value).filter((key) => !known.includes(key));
  return [...known, ...rest].map((key) => [key, value[key]]);
}

function formatSurvey(c: FormComponent, value: Record<string, unknown>): string {
  const questions = Array.isArray(c.questions) ? (c.questions as Choice[]) : [];
  return inFormOrder(questions, value)
    .map(([question, answer]) => {
      const q = questions.find((item) => String(item.value) === question);
      return `${text(q?.label) || question}: ${choiceLabel(c, answer)}`;
    })
    .join('; ');
}

/** One answer as text: choices by their labels, Yes/No for a checkbox, dates in words, file names for files. */
export function formatAnswer(c: FormComponent, value: unknown): string {
  if (c.type === 'checkbox') return value === true ? 'Yes' : value === false ? 'No' : notAnswered;
  if (isEmpty(value)) return notAnswered;
  if (Array.isArray(value) && c.type !== 'file' && c.type !== 'tags' && c.type !== 'select')
    return value.map((item) => formatAnswer({ ...c, multiple: false }, item)).join(', ');
  switch (c.type) {
    case 'radio':
      return choiceLabel(c, value);
    case 'select':
      return (Array.isArray(value) ? value : [value]).map((v) => choiceLabel(c, v)).join(', ');
    case 'selectboxes': {
      const ticked = inFormOrder(choicesOf(c), value as Record<string, unknown>)
        .filter(([, on]) => on === true)
        .map(([v]) => choiceLabel(c, v));
      return ticked.length > 0 ? ticked.join(', ') : notAnswered;
    }
    case 'survey':
      return isDict(value) ? formatSurvey(c, value) : String(value);
    case 'file':
      return (Array.isArray(value) ? value : [value])
        .map((f) => (isDict(f) ? text(f.originalName) || text(f.name) : ''))
        .filter(Boolean)
        .join(', ');
    case 'datetime':
      return formatDateTime(c, value);
    case 'day':
      return formatDay(c, value);
    case 'time':
      return typeof value === 'string' ? value.replace(/^(\d{2}:\d{2}):00$/, '$1') : String(value);
    case 'currency': {
      const n = Number(value);
      if (!Number.isFinite(n)) return String(value);
      const currency = text(c.currency) || 'GBP';
      try {
        return n.toLocaleString('en-GB', { style: 'currency', currency });
      } catch {
        return n.toFixed(2);
      }
    }
    case 'signature':
      // Typed (the web form takes a typed name, decision 0024) or drawn elsewhere (an image).
      return typeof value === 'string' && !value.startsWith('data:') ? `Signed: ${value}` : 'Signed';
    case 'tags':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'address':
      if (isDict(value) && typeof value.formatted_address === 'string') return value.formatted_address;
      break;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The plain inputs of a grid row in order, or null when a row holds more than plain inputs. */
function plainColumns(c: FormComponent): FormComponent[] | null {
  const columns: FormComponent[] = [];
  const collect = (list: FormComponent[]): boolean => {
    for (const child of list) {
      if (child.hidden === true) continue;
      const shape = dataShapeOf(child);
      if (shape === 'content') continue;
      if (shape === 'rows' || shape === 'object') return false;
      if (shape === 'layout') {
        for (const children of childLists(child)) if (!collect(children)) return false;
      } else if (child.key) columns.push(child);
    }
    return true;
  };
  for (const children of childLists(c)) if (!collect(children)) return null;
  return columns.length <= maxTableColumns ? columns : null;
}

export function formAnswers(
  definition: Pick<FormDefinition, 'display' | 'components'>,
  content: Record<string, unknown>,
  options: AnswersOptions = {},
): AnswerItem[] {
  const hidden = options.hidden ?? new Set<string>();
  const items: AnswerItem[] = [];
  /** `data` holds this level's answers; `prefix` is its data path; `layout` the layout path inside it. */
  const walk = (
    list: FormComponent[],
    data: Record<string, unknown>,
    prefix: string,
    layout: string,
    depth: number,
  ) => {
    for (const c of list) {
      if (c.hidden === true) continue;
      const shape = dataShapeOf(c);
      if (shape === 'content') continue;
      const key = typeof c.key === 'string' ? c.key : '';
      if (shape === 'layout') {
        const path = join(layout, key);
        if (key && hidden.has(path)) continue;
        const title =
          text(c.title) ||
          text(c.legend) ||
          (c.type === 'panel' || c.type === 'fieldset' || !c.type ? text(c.label) : '');
        const isPage = depth === 0 && c.type === 'panel' && definition.display === 'wizard';
        const headed = Boolean(title) && (c.type === 'panel' || c.type === 'fieldset' || !c.type);
        const before = items.length;
        if (headed)
          items.push(isPage ? { kind: 'page', title, path } : { kind: 'heading', title, path, depth });
        for (const children of childLists(c)) walk(children, data, prefix, path, depth + 1);
        // A section with no question in it (only content, or a button removed on upload) has no heading.
        if (headed && items.length === before + 1) items.pop();
        continue;
      }
      if (!key) continue;
      const path = join(prefix, key);
      if (hidden.has(path)) continue;
      const value = Object.hasOwn(data, key) ? data[key] : undefined;
      if (shape === 'object') {
        const inner = innerDataKey(c);
        const holder = inner && isDict(value) ? value[inner] : value;
        const childPrefix = join(path, inner ?? '');
        if (c.type === 'form' && labelOf(c)) items.push({ kind: 'heading', title: labelOf(c), path, depth });
        for (const children of childLists(c))
          walk(children, isDict(holder) ? holder : {}, childPrefix, childPrefix, depth + 1);
        continue;
      }
      if (shape === 'rows') {
        const rows = Array.isArray(value) ? value.filter(isDict) : [];
        const columns = plainColumns(c);
        if (rows.length === 0) {
          items.push({ kind: 'field', key, path, label: labelOf(c), answer: notAnswered, answered: false });
        } else if (columns) {
          items.push({
            kind: 'table',
            key,
            path,
            label: labelOf(c),
            columns: columns.map(labelOf),
            rows: rows.map((row, i) =>
              columns.map((col) =>
                hidden.has(`${path}[${i}].${col.key}`) ? '' : formatAnswer(col, row[col.key as string]),
              ),
            ),
          });
        } else {
          rows.forEach((row, i) => {
            const rowPath = `${path}[${i}]`;
            items.push({ kind: 'heading', title: `${labelOf(c)} ${i + 1}`, path: rowPath, depth: depth + 1 });
            for (const children of childLists(c)) walk(children, row, rowPath, rowPath, depth + 2);
          });
        }
        continue;
      }
      const answer = formatAnswer(c, value);
      const field = {
        kind: 'field' as const,
        key,
        path,
        label: labelOf(c),
        answer,
        answered: answer !== notAnswered,
      };
      if (isMultiValue(c) && Array.isArray(value) && value.length > 1)
        items.push({ ...field, items: value.map((item) => formatAnswer({ ...c, multiple: false }, item)) });
      else items.push(field);
    }
  };
  walk(definition.components, content, '', '', 0);
  return items;
}
