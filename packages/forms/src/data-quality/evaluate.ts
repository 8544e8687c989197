import type { DataQualityFinding, DataQualityRule } from '@dcf/domain/data-quality';
import { EvaluationOverBudget, pastDeadline } from '../deadline';
import { applyLogic, LogicError, LogicNoResult, truthy } from '../logic';
import { figuresOf } from './values';

/**
 * THE data quality engine (decision 0028): one call the browser makes on every change and the server
 * on every save, so both give the same verdict on the same answers. Rules are JSON Logic evaluated by
 * our interpreter (../logic, decision 0030), which reads `answers`, `previous` and `stats` and nothing
 * else.
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

/**
 * The rules a return fails, in rule order. A rule that gives no result (a value it has no answer for,
 * as json-logic-js throws) passes, as before. A rule that cannot be evaluated (it passes a bound of the
 * interpreter, or uses an operation we do not support: a rule stored before the check on save) is a
 * verdict of its own, `notChecked` with the reason: never a silent pass, and never a reason to refuse
 * a submit (the clerk cannot mend a manager's rule); the manager's screens list it.
 */
export function evaluateDataQuality(rules: readonly DataQualityRule[], input: DataQualityInput): Verdict[] {
  // Text written as a number reads by the one rule (values.ts, NUMBER_AS_TEXT), as in the statistics.
  const fields = new Set(rules.flatMap((rule) => rule.fields));
  const data = {
    answers: figuresOf(input.answers, fields),
    previous: input.previous && figuresOf(input.previous, fields),
    stats: input.stats,
  };
  const verdicts: Verdict[] = [];
  for (const rule of rules) {
    let passes = true;
    let notChecked: string | undefined;
    try {
      passes = truthy(applyLogic(rule.logic, data));
    } catch (error) {
      if (error instanceof LogicError) notChecked = error.message;
      else if (!(error instanceof LogicNoResult)) throw error;
    }
    // The server's time budget (../deadline.ts, decision 0031), checked after each rule.
    if (pastDeadline()) throw new EvaluationOverBudget({ rule: { id: rule.id, name: rule.name } });
    if (!passes || notChecked !== undefined)
      verdicts.push({
        ruleId: rule.id,
        name: rule.name,
        severity: rule.severity,
        message: rule.message,
        fields: rule.fields,
        ...(notChecked !== undefined ? { notChecked } : {}),
      });
  }
  return verdicts;
}
