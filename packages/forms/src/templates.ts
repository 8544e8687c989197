import { pathSegments, readPath } from './own-paths';

/**
 * `{{ path }}` placeholders in a manager's text (a logic action's label or description, a question's
 * error message), filled in from the answers (decision 0030). Form.io fills them with lodash's `get` on
 * whatever context it has (the component, the form, its instance ...) and calls a function named with
 * `{{ fn(args) }}`; here a placeholder names a path that starts at one of the roots the caller gives (the
 * answers `data`, the grid `row` ...) and is read through own properties only (own-paths.ts): no
 * prototype, no function, nothing outside those roots. `{{ a || b }}` takes the first that has a value,
 * as Form.io's does. The scan is linear (Form.io's own expression backtracks on a long run of spaces).
 */

export const templateLimits = {
  /** Placeholders filled in one text; any further are left empty. */
  maxPlaceholders: 200,
  /** Alternatives (`a || b`) read in one placeholder. */
  maxAlternatives: 8,
  /** Characters of one value put into a text (a longer answer is cut). */
  maxValueLength: 10_000,
};

export type TemplateRoots = Readonly<Record<string, unknown>>;

/** One placeholder's value as text: what String() gives for JSON values, without calling anything. */
export function templateText(value: unknown, depth = 0): string {
  switch (typeof value) {
    case 'string':
      return value.length > templateLimits.maxValueLength
        ? value.slice(0, templateLimits.maxValueLength)
        : value;
    case 'number':
    case 'boolean':
      return String(value);
    case 'object': {
      if (value === null) return '';
      if (!Array.isArray(value)) return '[object Object]';
      if (depth > 4) return '';
      let out = '';
      for (let i = 0; i < value.length && out.length <= templateLimits.maxValueLength; i++)
        out += (i > 0 ? ',' : '') + templateText(value[i], depth + 1);
      return out.slice(0, templateLimits.maxValueLength);
    }
  }
  return '';
}

/** A placeholder's path read from the roots: the first segment names the root. */
export function readTemplatePath(roots: TemplateRoots, path: string): unknown {
  const dot = path.search(/[.[]/);
  const root = dot < 0 ? path : path.slice(0, dot);
  if (!Object.hasOwn(roots, root)) return undefined;
  const base = roots[root];
  if (dot < 0) return typeof base === 'function' ? undefined : base;
  const rest = path[dot] === '.' ? path.slice(dot + 1) : path.slice(dot);
  return readPath(base, rest);
}

/** The paths a placeholder names (`a || b`, Form.io's `?.` read as `.`), trimmed. */
export function placeholderPaths(expression: string): string[] {
  return expression
    .replace(/\?\./g, '.')
    .split('||')
    .slice(0, templateLimits.maxAlternatives)
    .map((part) => part.trim());
}

/** Each `{{ ... }}` of a text, in order: where it is and what is inside (one line, as Form.io reads it). */
export function* placeholders(text: string): Generator<{ start: number; end: number; inner: string }> {
  let from = 0;
  while (from < text.length) {
    const start = text.indexOf('{{', from);
    if (start < 0) return;
    const close = text.indexOf('}}', start + 2);
    if (close < 0) return;
    const inner = text.slice(start + 2, close);
    const newline = inner.search(/[\n\r\u2028\u2029]/);
    if (newline >= 0) {
      // Form.io's expression does not cross a line: look again after the line break.
      from = start + 2 + newline + 1;
      continue;
    }
    yield { start, end: close + 2, inner };
    from = close + 2;
  }
}

/**
 * The text with each placeholder replaced by its value (empty when no alternative has one). A text with
 * no placeholder is returned as it is.
 */
export function fillTemplate(text: string, roots: TemplateRoots): string {
  if (!text.includes('{{')) return text;
  let out = '';
  let last = 0;
  let count = 0;
  for (const { start, end, inner } of placeholders(text)) {
    out += text.slice(last, start);
    last = end;
    if (++count > templateLimits.maxPlaceholders) continue;
    let value: unknown;
    for (const path of placeholderPaths(inner)) {
      value = readTemplatePath(roots, path);
      if (value) break;
    }
    out += templateText(value);
  }
  return out + text.slice(last);
}

/**
 * What is wrong with a text's placeholders for the upload's 400, or null: a call (`{{ fn() }}`, which
 * Form.io would run), or a path outside the roots the text may read.
 */
export function templateProblem(text: string, roots: readonly string[]): string | null {
  for (const { inner } of placeholders(text)) {
    if (inner.includes('(')) return 'a text may name values ({{ data.field }}) but not call functions';
    for (const path of placeholderPaths(inner)) {
      const root = path.split(/[.[]/)[0] ?? '';
      const rest = path.slice(root.length).replace(/^\./, '');
      if (!roots.includes(root) || (rest !== '' && pathSegments(rest) === null))
        return `"{{ ${inner.trim()} }}" cannot be filled in: a text may name only values under ${roots.join(', ')}`;
    }
  }
  return null;
}
