import { type FormComponent, labelOf } from '../components';
import { EvaluationOverBudget, pastDeadline } from '../deadline';
import { applyLogic, LogicError, LogicNoResult } from '../logic';
import { type LogicFailure, noteLogicFailure, ruleProperty } from './unchecked';

/** What Form.io hands an evaluation (its normalised context): what a rule may read, and where it is. */
export interface RuleContext {
  data?: unknown;
  row?: unknown;
  input?: unknown;
  value?: unknown;
  /** A logic trigger's result, for its actions (Form.io's `result`). */
  result?: unknown;
  component?: Record<string, unknown>;
  path?: string;
  scope?: { logicFailures?: LogicFailure[] };
}

/**
 * One rule of a component, as Form.io's processors ask for it. A rule reads `data` (the answers),
 * `row` (its grid row), `input`/`value` (the answer of its own question) and, in a logic action,
 * `result` (its trigger's), nothing else. A rule that gives no result reads as null, as in Form.io; one
 * that cannot be evaluated (a bound passed, an operation we do not support) reads as null too, and is
 * noted on the evaluation's scope, so the engine says the form cannot be checked, naming the question
 * and property (evaluate.ts). On the server, past the evaluation box's deadline (../deadline.ts), the
 * evaluation stops after this rule, naming it.
 */
export function evaluateRule(logic: object, context: RuleContext): unknown {
  let value: unknown = null;
  try {
    value = applyLogic(logic, {
      data: context.data,
      row: context.row,
      input: context.input,
      value: context.value,
      ...(context.result !== undefined ? { result: context.result } : {}),
    });
  } catch (error) {
    if (!(error instanceof LogicNoResult)) {
      if (!(error instanceof LogicError)) throw error;
      noteLogicFailure(context, ruleProperty(context.component ?? {}, logic), error);
    }
  }
  if (pastDeadline()) {
    const component = context.component ?? {};
    const key = String(component.key ?? '');
    throw new EvaluationOverBudget({
      question: {
        path: context.path || key,
        key,
        label: labelOf(component as FormComponent),
        property: ruleProperty(component, logic),
      },
    });
  }
  return value;
}
