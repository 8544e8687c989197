import type { DataQualityRule } from '@dcf/domain/data-quality';

/**
 * Reading figures for data quality rules (decision 0028): a field path's number (the server computes
 * last period's statistics the same way in SQL: data-quality/queries.ts), and the paths a rule set
 * needs statistics of. Free of Form.io, so the entry page can show figures before the engine loads.
 */

/** The number a field path stands for (the answer, or a grid column's total), or null when there is none. */
export function fieldValue(answers: Record<string, unknown> | null, path: string): number | null {
  if (answers === null) return null;
  const [first, column] = path.split('.') as [string, string | undefined];
  const value = Object.hasOwn(answers, first) ? answers[first] : undefined;
  if (column === undefined) {
    if (value === null || value === undefined || value === '') return null;
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  if (!Array.isArray(value)) return null;
  let total = 0;
  for (const row of value) {
    const cell =
      typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[column] : undefined;
    const number = Number(cell ?? 0);
    if (Number.isFinite(number)) total += number;
  }
  return total;
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
