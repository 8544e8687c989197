import type { DataQualityRule } from '@dcf/domain/data-quality';

/**
 * Reading figures for data quality rules (decision 0028): a field path's number (the server computes
 * last period's statistics the same way in SQL: data-quality/queries.ts), and the paths a rule set
 * needs statistics of. Free of Form.io, so the entry page can show figures before the engine loads.
 */

/**
 * THE rule for a number written as text (decision 0034), one pattern for both engines: the server's
 * SQL binds this very string as a parameter (data-quality/queries.ts), so no template string can cook
 * its backslashes. A figure is an optional sign, up to 15 digits, and optionally a point followed by
 * up to 15 digits, with spaces, tabs or line breaks around it; the first group is the figure. Nothing
 * else is a number: no thousands separators or decimal commas (`1,5` could mean 1.5 or 15), no ranges
 * (`3-4`), no exponents (`1e3`), no trailing point (`12.`), no `Infinity`. At most 15 digits each side,
 * so PostgreSQL's float8 never overflows or underflows where JavaScript's Number would not.
 */
export const NUMBER_AS_TEXT = '^[ \\t\\n\\r]*([-+]?[0-9]{1,15}(?:\\.[0-9]{1,15})?)[ \\t\\n\\r]*$';
const numberAsText = new RegExp(NUMBER_AS_TEXT);

/**
 * The number an answer stands for, or null: a finite JSON number, or text that NUMBER_AS_TEXT reads
 * (`" 12 "` is 12). Minus zero reads as 0 (in SQL too: `+ 0`). Anything else (booleans, lists, empty
 * text) is no number, so a rule reading it gives no verdict.
 */
export function numberIn(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value + 0 : null;
  if (typeof value !== 'string') return null;
  const figure = numberAsText.exec(value)?.[1];
  return figure === undefined ? null : Number(figure) + 0;
}

/** The number a field path stands for (the answer, or a grid column's total), or null when there is none. */
export function fieldValue(answers: Record<string, unknown> | null, path: string): number | null {
  if (answers === null) return null;
  const [first, column] = path.split('.') as [string, string | undefined];
  const value = Object.hasOwn(answers, first) ? answers[first] : undefined;
  if (column === undefined) return numberIn(value);
  if (!Array.isArray(value)) return null;
  let total = 0;
  for (const row of value) total += numberIn(cellOf(row, column)) ?? 0;
  return total;
}

const cellOf = (row: unknown, column: string) =>
  typeof row === 'object' && row !== null && Object.hasOwn(row, column)
    ? (row as Record<string, unknown>)[column]
    : undefined;

/**
 * The answers as the rules read them: every field a rule names (a number question's `key`, or each
 * row's cell of `grid.column`) replaced by its number (numberIn), null when it is none (a cell: 0, as
 * in a column's total), so the rules' JSON Logic never meets text written as a number. `fieldValue`, the statistics in SQL and the
 * verdicts then read a figure the same way.
 */
export function figuresOf(
  answers: Record<string, unknown>,
  paths: Iterable<string>,
): Record<string, unknown> {
  const figures: Record<string, unknown> = { ...answers };
  for (const path of paths) {
    const [first, column] = path.split('.') as [string, string | undefined];
    if (!Object.hasOwn(answers, first)) continue;
    const value = figures[first];
    if (column === undefined) figures[first] = numberIn(value);
    else if (Array.isArray(value))
      figures[first] = value.map((row) =>
        typeof row === 'object' && row !== null && !Array.isArray(row)
          ? { ...row, [column]: numberIn(cellOf(row, column)) ?? 0 }
          : row,
      );
  }
  return figures;
}

/** The field paths whose statistics a rule set reads (range checks, and experts' `stats.*` vars). */
export function statisticsPaths(rules: readonly DataQualityRule[]): string[] {
  const paths: string[] = [];
  for (const rule of rules) {
    if (rule.check.kind === 'range') paths.push(rule.check.field);
    if (rule.check.kind === 'logic') {
      const text = JSON.stringify(rule.check.logic);
      for (const match of text.matchAll(
        /"stats\.([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)?)\.(?:count|min|p5|median|p95|max)"/g,
      ))
        paths.push(match[1] as string);
    }
  }
  return paths;
}
