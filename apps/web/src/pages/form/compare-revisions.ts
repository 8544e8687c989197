import { type FormDefinition, walkComponents } from '@dcf/forms/components';

export interface ComparedField {
  key: string;
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

/** Input fields in form order with their labels and, for choices, their option labels. */
function fieldsOf(definition: Pick<FormDefinition, 'components'> | null) {
  const fields: { key: string; label: string; options: Map<string, string> }[] = [];
  walkComponents(definition?.components ?? [], ({ component: c }) => {
    if (c.input === true && c.key && c.type !== 'button') {
      const values = Array.isArray(c.values) ? (c.values as { label: string; value: unknown }[]) : [];
      fields.push({
        key: c.key,
        label: typeof c.label === 'string' && c.label ? c.label : c.key,
        options: new Map(values.map((v) => [String(v.value), v.label])),
      });
    }
  });
  return fields;
}

/** An answer as text: option labels for choices, Yes/No for booleans, '' when not answered. */
export function answerText(value: unknown, options: Map<string, string> = new Map()): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => answerText(v, options)).join(', ');
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    // Select boxes: {option: true/false}; list the ticked ones.
    if (entries.every(([, v]) => typeof v === 'boolean'))
      return entries
        .filter(([, v]) => v)
        .map(([k]) => options.get(k) ?? k)
        .join(', ');
    return JSON.stringify(value);
  }
  return options.get(String(value)) ?? String(value);
}

/**
 * Two revisions field by field, in form order, each marked changed or not. Keys saved under an older
 * form version and absent from this one come last, under their key.
 */
export function compareRevisions(
  definition: Pick<FormDefinition, 'components'> | null,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): ComparedField[] {
  const fields = fieldsOf(definition);
  const known = new Set(fields.map((f) => f.key));
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (!known.has(key)) fields.push({ key, label: key, options: new Map() });
  return fields.map(({ key, label, options }) => {
    const b = answerText(before[key], options);
    const a = answerText(after[key], options);
    return { key, label, before: b, after: a, changed: b !== a };
  });
}

/** A revision's content text as an object ('{}' when unreadable). */
export function parseContent(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
