import type { DataQualityFinding, DataQualityRule, FieldStatistics } from '@dcf/domain/data-quality';
import { jsonLogic } from '@formio/core/utils';
import { configureFormio } from '../engine/formio';

/**
 * THE data quality engine (decision 0028): one call the browser makes on every change and the server
 * on every save, so both give the same verdict on the same answers. Rules are JSON Logic evaluated by
 * Form.io's JSON Logic instance hardened as for form definitions (allow-listed operations, `var` reads
 * own data only, no code: packages/forms/src/json-logic.ts).
 */

export interface DataQualityInput {
  /** The return's answers as the form engine keeps them. */
  answers: Record<string, unknown>;
  /** The same organisation's last submitted return in the collection, or null. */
  previous: Record<string, unknown> | null;
  /** The previous period's statistics by field (`stats.grid.column` for a column total). */
  stats: Record<string, unknown>;
}

export type Verdict = Omit<DataQualityFinding, 'explanation'>;

interface JsonLogicApply {
  apply(logic: unknown, data: unknown): unknown;
  truthy(value: unknown): boolean;
}

/**
 * The rules a return fails, in rule order. A rule that cannot be evaluated (it throws: an operation
 * outside the allow-list in a rule stored before a check existed, a huge `cat`) gives no verdict: it is
 * refused when saved, and a broken rule must never stop every return of a period being submitted.
 */
export function evaluateDataQuality(rules: readonly DataQualityRule[], input: DataQualityInput): Verdict[] {
  configureFormio();
  const logic = jsonLogic as unknown as JsonLogicApply;
  const data = { answers: input.answers, previous: input.previous, stats: input.stats };
  const verdicts: Verdict[] = [];
  for (const rule of rules) {
    let passes = true;
    try {
      passes = logic.truthy(logic.apply(rule.logic, data));
    } catch {
      passes = true;
    }
    if (!passes)
      verdicts.push({
        ruleId: rule.id,
        name: rule.name,
        severity: rule.severity,
        message: rule.message,
        fields: rule.fields,
      });
  }
  return verdicts;
}

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
