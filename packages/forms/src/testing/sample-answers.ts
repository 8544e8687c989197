import { childLists, dataShapeOf, type FormComponent, innerDataKey, jsonDataItems } from '../components';
import { isDict } from '../logic/values';

/**
 * For tests: a plausible complete answer to any form, built from its definition: every question
 * answered within its own limits (required, lengths, value limits, patterns from a few candidates,
 * the first option of a list, one row per grid). Deterministic. Not a promise of validity: the tests
 * ask the engine (and Form.io's own) for the verdict.
 */
export function sampleAnswers(components: readonly FormComponent[]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  fill(components, data);
  return data;
}

function fill(list: readonly FormComponent[], data: Record<string, unknown>) {
  for (const c of list) {
    const shape = dataShapeOf(c);
    if (shape === 'content') continue;
    if (shape === 'layout') {
      for (const children of childLists(c)) fill(children, data);
      continue;
    }
    const key = typeof c.key === 'string' ? c.key : '';
    if (!key || c.disabled === true || c.type === 'hidden') continue;
    if (shape === 'object') {
      const inner: Record<string, unknown> = {};
      for (const children of childLists(c)) fill(children, inner);
      const innerKey = innerDataKey(c);
      data[key] = innerKey ? { [innerKey]: inner } : inner;
    } else if (shape === 'rows') {
      const row: Record<string, unknown> = {};
      for (const children of childLists(c)) fill(children, row);
      const validate = isDict(c.validate) ? c.validate : {};
      const rows = Math.max(1, Number(validate.minLength) || 0);
      data[key] = Array.from({ length: rows }, () => structuredClone(row));
    } else {
      const value = sampleValue(c);
      if (value !== undefined) data[key] = value;
    }
  }
}

const numberOr = (value: unknown, fallback: number) => {
  const n = Number(value);
  return value !== '' && value !== null && value !== undefined && Number.isFinite(n) ? n : fallback;
};

function sampleText(c: FormComponent): string | undefined {
  const validate = isDict(c.validate) ? c.validate : {};
  const min = numberOr(validate.minLength, 0);
  const max = numberOr(validate.maxLength, 1000);
  const minWords = numberOr(validate.minWords, 0);
  const pattern = typeof validate.pattern === 'string' && validate.pattern !== '' ? validate.pattern : null;
  const candidates = [
    'Sample answer',
    'ABC',
    'abc',
    'A1',
    '12345',
    'AB12 3CD',
    'SW1A 1AA',
    '0123456789',
    'x',
    'Yes',
  ];
  for (const base of candidates) {
    let text = base;
    while (text.split(/\s+/).length < minWords) text = `${text} word`;
    while (text.length < min) text = `${text}${pattern ? base.slice(-1) : 'x'}`;
    if (text.length > max) text = text.slice(0, Math.max(1, max));
    if (!pattern) return text;
    try {
      if (new RegExp(`^(?:${pattern})$`).test(text)) return text;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function firstOption(c: FormComponent): unknown {
  const values = Array.isArray(c.values)
    ? c.values
    : isDict(c.data) && Array.isArray(c.data.values)
      ? c.data.values
      : [];
  const first = values.find(isDict);
  if (first) return first.value;
  if (c.valueProperty && typeof c.valueProperty === 'string') {
    const [item] = jsonDataItems(c) ?? [];
    if (isDict(item)) return item[c.valueProperty];
  }
  return undefined;
}

function sampleValue(c: FormComponent): unknown {
  const validate = isDict(c.validate) ? c.validate : {};
  switch (c.type) {
    case 'number':
    case 'currency': {
      const min = numberOr(validate.min, 1);
      const max = numberOr(validate.max, Number.POSITIVE_INFINITY);
      return Math.min(Math.max(min, 1), max);
    }
    case 'checkbox':
      return true;
    case 'email':
      return 'ward.manager@nhs.net';
    case 'url':
      return 'https://www.nhs.uk';
    case 'phoneNumber':
      return typeof c.inputMask === 'string' && c.inputMask !== ''
        ? c.inputMask.replace(/9/g, '5').replace(/a/g, 'a').replace(/\*/g, '5')
        : '020 7946 0000';
    case 'radio': {
      const value = firstOption(c);
      return value === undefined ? undefined : value;
    }
    case 'select': {
      const value = firstOption(c);
      if (value === undefined) return undefined;
      return c.multiple === true ? [value] : value;
    }
    case 'selectboxes': {
      const values = Array.isArray(c.values) ? c.values.filter(isDict) : [];
      const ticks = Math.max(1, numberOr(validate.minSelectedCount, 1));
      return Object.fromEntries(values.map((option, i) => [String(option.value), i < ticks]));
    }
    case 'survey': {
      const questions = Array.isArray(c.questions) ? c.questions.filter(isDict) : [];
      const first = Array.isArray(c.values) ? c.values.find(isDict) : undefined;
      return first ? Object.fromEntries(questions.map((q) => [String(q.value), first.value])) : undefined;
    }
    case 'day': {
      const year = Math.max(
        numberOr(
          c.minYear ?? (isDict(c.fields) && isDict(c.fields.year) ? c.fields.year.minYear : undefined),
          2026,
        ),
        2026,
      );
      return c.dayFirst === true ? `15/10/${year}` : `10/15/${year}`;
    }
    case 'datetime':
      return '2026-10-15T09:30:00+01:00';
    case 'time':
      return '09:30:00';
    case 'signature':
      return 'data:image/png;base64,iVBORw0KGgo=';
    case 'file':
      return [
        {
          name: 'evidence.pdf',
          originalName: 'evidence.pdf',
          size: 1024,
          storage: 'url',
          type: 'application/pdf',
        },
      ];
    case 'tags':
      return c.storeas === 'array' ? ['sample'] : 'sample';
    case 'address':
    case 'button':
    case 'hidden':
      return undefined;
    default:
      // A text box with an input mask takes text in the mask's shape (9 a digit, a a letter, * either).
      if (typeof c.inputMask === 'string' && c.inputMask !== '')
        return c.inputMask.replace(/9/g, '5').replace(/\*/g, '5');
      return sampleText(c);
  }
}
