import { type FormComponent, formatAnswer, notAnswered } from '@dcf/forms';
import type { CellValue } from 'exceljs';

/**
 * Converting between a Form.io answer and an Excel cell, one component type at a time. Choices are
 * written by their labels (what a person reads) and read back by label or value; checkboxes are
 * booleans; numbers stay numbers.
 */
type Choice = { label?: unknown; value?: unknown };

function choicesOf(c: FormComponent): Choice[] {
  if (Array.isArray(c.values)) return c.values as Choice[];
  const data = c.data as { values?: unknown } | undefined;
  return Array.isArray(data?.values) ? (data.values as Choice[]) : [];
}

const labelFor = (c: FormComponent, value: unknown) => {
  const choice = choicesOf(c).find((ch) => String(ch.value) === String(value));
  return typeof choice?.label === 'string' ? choice.label : String(value);
};

/** The cell value for an answer; undefined leaves the cell as the template has it. */
export function toCell(c: FormComponent, value: unknown): CellValue | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  switch (c.type) {
    case 'number':
    case 'currency':
      return typeof value === 'number'
        ? value
        : Number.isFinite(Number(value))
          ? Number(value)
          : String(value);
    case 'checkbox':
      return value === true;
    case 'radio':
      return labelFor(c, value);
    case 'select':
      return (Array.isArray(value) ? value : [value]).map((v) => labelFor(c, v)).join(', ');
    case 'selectboxes':
    case 'survey': {
      // As the PDF writes them: labels, in the form's order (not the order the database keeps keys in).
      const text = formatAnswer(c, value);
      return text === notAnswered ? undefined : text;
    }
    case 'file':
      return (Array.isArray(value) ? value : [])
        .map((f) =>
          String((f as Record<string, unknown>).originalName ?? (f as Record<string, unknown>).name ?? ''),
        )
        .join(', ');
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** What a cell holds as plain data: formulas by their result, rich text and links by their text. */
export function plainCell(value: CellValue): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value as string | number | boolean | Date;
  if ('result' in value) return plainCell((value as { result?: CellValue }).result ?? null);
  if ('richText' in value)
    return (value as { richText: { text: string }[] }).richText.map((r) => r.text).join('');
  if ('text' in value) return String((value as { text: unknown }).text);
  if ('error' in value) return null;
  return null;
}

export type Read = { ok: true; value: unknown } | { ok: false; reason: string };

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

function matchChoice(c: FormComponent, text: string): unknown {
  const wanted = text.trim().toLowerCase();
  const choice = choicesOf(c).find(
    (ch) => String(ch.value).toLowerCase() === wanted || String(ch.label ?? '').toLowerCase() === wanted,
  );
  return choice?.value;
}

const choiceList = (c: FormComponent) =>
  choicesOf(c)
    .map((ch) => String(ch.label ?? ch.value))
    .join(', ');

/** Reads one cell as an answer of the component, or says why it cannot be taken. */
export function fromCell(c: FormComponent, raw: string | number | boolean | Date): Read {
  const text = raw instanceof Date ? isoDate(raw) : String(raw).trim();
  const validate = (c.validate ?? {}) as { maxLength?: number };
  switch (c.type) {
    case 'number':
    case 'currency': {
      const n = typeof raw === 'number' ? raw : Number(text.replace(/,/g, ''));
      return text !== '' && Number.isFinite(n)
        ? { ok: true, value: n }
        : { ok: false, reason: 'Not a number' };
    }
    case 'checkbox': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      const yes = ['yes', 'true', 'y', '1'].includes(text.toLowerCase());
      const no = ['no', 'false', 'n', '0'].includes(text.toLowerCase());
      return yes || no ? { ok: true, value: yes } : { ok: false, reason: 'Not Yes or No' };
    }
    case 'radio':
    case 'select': {
      const value = matchChoice(c, text);
      return value === undefined
        ? { ok: false, reason: `Not one of the choices: ${choiceList(c)}` }
        : { ok: true, value };
    }
    case 'selectboxes': {
      const picked = text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const values = picked.map((part) => matchChoice(c, part));
      if (values.some((v) => v === undefined))
        return { ok: false, reason: `Not one of the choices: ${choiceList(c)}` };
      return {
        ok: true,
        value: Object.fromEntries(choicesOf(c).map((ch) => [String(ch.value), values.includes(ch.value)])),
      };
    }
    case 'file':
      return { ok: false, reason: 'Files cannot be filled in from Excel' };
    case 'survey':
      return { ok: false, reason: 'Surveys cannot be filled in from Excel' };
    case 'day':
    case 'datetime':
      return { ok: true, value: text };
    default:
      if (validate.maxLength !== undefined && text.length > validate.maxLength)
        return { ok: false, reason: `Longer than ${validate.maxLength} characters` };
      return { ok: true, value: text };
  }
}
