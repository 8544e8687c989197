import type { DataQualityRule, FieldStatistics } from '@dcf/domain/data-quality';

/**
 * Reading figures for data quality rules (decision 0028): a field path's number, and the previous
 * period's statistics. Free of Form.io, so the entry page can show figures before the engine loads.
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

/** Fewer submitted returns than this and a field gets no statistics (small-number suppression). */
export const MIN_RETURNS_FOR_STATISTICS = 5;

/** Nearest-rank percentile of sorted numbers. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;

/** Statistics of one field over the previous period's returns, or null under the suppression limit. */
export function fieldStatistics(values: readonly (number | null)[]): FieldStatistics | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (sorted.length < MIN_RETURNS_FOR_STATISTICS) return null;
  return {
    count: sorted.length,
    min: sorted[0] as number,
    p5: percentile(sorted, 5),
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1] as number,
  };
}

/** `stats` for the given field paths, nested as the rules read them (`stats.grid.column.min`). */
export function buildStatistics(
  paths: readonly string[],
  returns: readonly Record<string, unknown>[],
): Record<string, unknown> {
  const stats: Record<string, Record<string, unknown>> = {};
  for (const path of new Set(paths)) {
    const statistics = fieldStatistics(returns.map((answers) => fieldValue(answers, path)));
    if (statistics === null) continue;
    const [first, column] = path.split('.') as [string, string | undefined];
    if (column === undefined) stats[first] = { ...stats[first], ...statistics };
    else stats[first] = { ...stats[first], [column]: statistics };
  }
  return stats;
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
