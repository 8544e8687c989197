import type { DataQualityFinding, DataQualityRule } from '@dcf/domain/data-quality';
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
