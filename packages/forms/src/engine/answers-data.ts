import { DateTime } from 'luxon';
import {
  childLists,
  dataShapeOf,
  type FieldErrors,
  type FormComponent,
  innerDataKey,
  isMultiValue,
  jsonDataItems,
  walkAnswers,
} from '../components';
import { isDict } from '../logic/values';
import { messageFor, questionName } from './messages';

/**
 * What the engine does to the answers before Form.io sees them: only what the form asks for is kept
 * (unknown keys dropped, at any depth), answers and the whole return are kept within size limits,
 * dates typed in UK order become Form.io's ISO values, and static choice lists are enforced.
 */

/** Limits on answers (decision 0014). */
export const answerLimits = {
  /** Characters in any one text of an answer (a text area, a text field, a file name ...). */
  maxTextLength: 10_000,
  /** Bytes of a whole return as JSON (UTF-8). */
  maxReturnBytes: 1_000_000,
};

export const returnTooLargeMessage = (bytes: number) =>
  `This return is too large to save (${(bytes / 1_000_000).toFixed(1)} MB): a return can be at most 1 MB. Shorten long answers or remove rows.`;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The size of a return as JSON in UTF-8 bytes (counted exactly only when it could matter). */
export function returnBytes(answers: unknown): number {
  const json = JSON.stringify(answers) ?? '';
  if (json.length * 3 <= answerLimits.maxReturnBytes) return json.length;
  return new TextEncoder().encode(json).length;
}

/** A copy of a JSON value (answers are JSON: no prototypes, no functions). */
const copy = (value: unknown): unknown =>
  typeof value === 'object' && value !== null ? structuredClone(value) : value;

/**
 * The answers with only the form's own keys, at any depth (layout looked through, containers as
 * objects, grids as lists of row objects). Leaf answers are copied, so the engine never changes the
 * caller's objects.
 */
export function pruneAnswers(
  components: readonly FormComponent[],
  answers: Record<string, unknown>,
): Record<string, unknown> {
  const level = (
    list: readonly FormComponent[],
    source: Record<string, unknown>,
    target: Record<string, unknown>,
  ) => {
    for (const c of list) {
      const shape = dataShapeOf(c);
      if (shape === 'content') continue;
      if (shape === 'layout') {
        for (const children of childLists(c)) level(children, source, target);
        continue;
      }
      const key = typeof c.key === 'string' ? c.key : '';
      if (key === '' || FORBIDDEN_KEYS.has(key)) continue;
      if (!Object.hasOwn(source, key)) {
        // A grid not answered has no rows (Form.io would check one imaginary empty row).
        if (shape === 'rows') target[key] = [];
        continue;
      }
      const value = source[key];
      if (shape === 'object') {
        // A nested form keeps its answers under `data`; a container directly.
        const innerKey = innerDataKey(c);
        const source = innerKey ? (isDict(value) ? value[innerKey] : undefined) : value;
        if (!isDict(source)) continue;
        const existing = isDict(target[key]) ? (target[key] as Record<string, unknown>) : {};
        const inner = innerKey
          ? isDict(existing[innerKey])
            ? (existing[innerKey] as Record<string, unknown>)
            : {}
          : existing;
        for (const children of childLists(c)) level(children, source, inner);
        target[key] = innerKey ? { ...existing, [innerKey]: inner } : inner;
      } else if (shape === 'rows') {
        if (!Array.isArray(value)) continue;
        target[key] = value.map((row) => {
          const inner: Record<string, unknown> = {};
          if (isDict(row)) for (const children of childLists(c)) level(children, row, inner);
          return inner;
        });
      } else if (
        isMultiValue(c) &&
        !Array.isArray(value) &&
        value !== null &&
        value !== undefined &&
        value !== ''
      ) {
        // One answer to a question that takes several: a list of one, as Form.io's server normalises it.
        target[key] = [copy(value)];
      } else target[key] = copy(value);
    }
  };
  const data: Record<string, unknown> = {};
  level(components, answers, data);
  return data;
}

const add = (errors: FieldErrors, path: string, message: string) => {
  const list = errors[path] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[path] = list;
};

function longestText(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((max: number, item) => Math.max(max, longestText(item)), 0);
  if (isDict(value))
    return Object.values(value).reduce((max: number, item) => Math.max(max, longestText(item)), 0);
  return 0;
}

/** Any text of an answer longer than the limit is an error at that answer. */
export function checkAnswerLengths(
  components: readonly FormComponent[],
  data: Record<string, unknown>,
  errors: FieldErrors,
) {
  walkAnswers(components, data, ({ component, value, path }) => {
    if (longestText(value) > answerLimits.maxTextLength) {
      const name = questionName(component) || 'This answer';
      add(
        errors,
        path,
        `${name} must be ${answerLimits.maxTextLength.toLocaleString('en-GB')} characters or fewer`,
      );
    }
  });
}

const UK_DATE = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[\sT,]+(\d{1,2}):(\d{2}))?\s*$/;

/**
 * A date and time question answered as typed in UK order (15/10/2026, optionally 15/10/2026 14:30)
 * is stored as Form.io stores a date and time: ISO 8601 with London's offset. An impossible date is
 * left as typed for the date check to report.
 */
export function normaliseDates(components: readonly FormComponent[], data: Record<string, unknown>) {
  walkAnswers(components, data, ({ component, value, holder }) => {
    if (component.type !== 'datetime') return;
    // A multi-value question's items each (decision 0035).
    if (Array.isArray(value)) holder[component.key as string] = value.map(isoFromUkDate);
    else if (typeof value === 'string') holder[component.key as string] = isoFromUkDate(value);
  });
}

function isoFromUkDate(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = UK_DATE.exec(value);
  if (!match) return value;
  const [, day, month, year, hour, minute] = match.map(Number) as number[];
  const date = DateTime.fromObject(
    { year, month, day, hour: Number.isNaN(hour) ? 0 : hour, minute: Number.isNaN(minute) ? 0 : minute },
    { zone: 'Europe/London' },
  );
  return date.isValid ? date.toISO({ suppressMilliseconds: true }) : value;
}

interface Choice {
  value?: unknown;
}

/** The static list a select, radio or select boxes question offers, or null when it has none here. */
export function staticChoices(c: FormComponent): Choice[] | null {
  if (c.type === 'radio' || c.type === 'selectboxes')
    return Array.isArray(c.values) ? (c.values as Choice[]) : null;
  if (c.type !== 'select') return null;
  const data = isDict(c.data) ? c.data : {};
  const source = c.dataSrc ?? 'values';
  if (source === 'values')
    return Array.isArray(data.values) && data.values.length > 0 ? (data.values as Choice[]) : null;
  if (source === 'json') {
    const items = jsonDataItems(c);
    if (!items) return null;
    const property = typeof c.valueProperty === 'string' && c.valueProperty !== '' ? c.valueProperty : null;
    if (!property) return null;
    return items.map((item) => ({ value: isDict(item) ? getPath(item, property) : item }));
  }
  return null;
}

function getPath(value: Record<string, unknown>, path: string): unknown {
  let current: unknown = value;
  for (const part of path.split('.'))
    current = isDict(current) && Object.hasOwn(current, part) ? current[part] : undefined;
  return current;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** An answer outside a static list is an error (on save and submit). */
export function checkChoices(
  components: readonly FormComponent[],
  data: Record<string, unknown>,
  hidden: ReadonlySet<string>,
  errors: FieldErrors,
) {
  walkAnswers(components, data, ({ component, value, path }) => {
    if (isEmpty(value) || hidden.has(path)) return;
    const choices = staticChoices(component);
    if (!choices) return;
    const allowed = new Set(choices.map((choice) => String(choice.value)));
    const offList = (v: unknown) => typeof v === 'object' || !allowed.has(String(v));
    const message = messageFor({ key: 'invalidOption', rule: 'onlyAvailableItems', component, context: {} });
    if (component.type === 'select' && component.multiple === true && Array.isArray(value)) {
      // Each item of a multi-value select at its own path (decision 0035).
      value.forEach((item, index) => {
        if (offList(item)) add(errors, `${path}[${index}]`, message);
      });
      return;
    }
    let wrong: boolean;
    if (component.type === 'selectboxes')
      wrong =
        !isDict(value) || Object.entries(value).some(([k, on]) => !allowed.has(k) || typeof on !== 'boolean');
    else wrong = offList(value);
    if (wrong) add(errors, path, message);
  });
}

export { add as addError };
