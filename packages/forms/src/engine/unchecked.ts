import { type FormComponent, labelOf } from '../components';
import type { LogicBound, LogicError } from '../logic';
import { LogicLimitError, LogicUnsupportedError } from '../logic';

/**
 * A rule of the form that could not be evaluated (decision 0030): it passed a bound of the interpreter
 * or uses an operation we do not support (a definition stored before the upload check). The form cannot
 * be checked while it is there: the engine says so under `errors.form` of a submit (a draft is kept, so
 * the clerk loses nothing), naming the question and the property, and lists it in `FormState.unchecked` so the API and the
 * manager's screens can say which rule is at fault. Never a silent pass.
 */
export interface UncheckedRule {
  /** The question whose rule it is: its data path (`staff[0].hours`), key and label. */
  component: { path: string; key: string; label: string };
  /** Where the rule is: `calculateValue`, `customDefaultValue`, `conditional.json`, `validate.json`, `logic[0].trigger.json`, `logic[0].actions[1].value`. */
  property: string;
  reason: 'limit' | 'unsupported';
  /** The bound it passed (`maxSteps`, `maxStringLength` ...), for a limit. */
  bound?: LogicBound;
  /** The operation it uses, when that is the reason. */
  operation?: string;
  /** What is wrong, in words: "it takes more than 100,000 steps". */
  detail: string;
}

/** What the Form.io glue notes on the evaluation's scope when a rule throws (engine/formio.ts). */
export interface LogicFailure {
  component: Record<string, unknown>;
  path: string;
  property: string;
  error: LogicError;
}

/**
 * Notes on the evaluation's scope a rule of the context's component that could not be evaluated, at
 * `property`; evaluate.ts reports what is noted (uncheckedRules) and the form cannot be checked.
 */
export function noteLogicFailure(
  context: { component?: Record<string, unknown>; path?: string; scope?: { logicFailures?: LogicFailure[] } },
  property: string,
  error: LogicError,
): void {
  const component = context.component ?? {};
  context.scope ??= {};
  context.scope.logicFailures ??= [];
  context.scope.logicFailures.push({
    component,
    path: context.path ?? String(component.key ?? ''),
    property,
    error,
  });
}

/** Which property of the component holds this rule object. */
export function ruleProperty(component: Record<string, unknown>, logic: object): string {
  const holder = (name: string) => component[name] as Record<string, unknown> | undefined;
  if (component.calculateValue === logic) return 'calculateValue';
  if (component.customDefaultValue === logic) return 'customDefaultValue';
  if (holder('conditional')?.json === logic) return 'conditional.json';
  if (holder('validate')?.json === logic) return 'validate.json';
  if (Array.isArray(component.logic))
    for (const [index, item] of component.logic.entries()) {
      const { trigger, actions } = (item ?? {}) as { trigger?: { json?: unknown }; actions?: unknown };
      if (trigger?.json === logic) return `logic[${index}].trigger.json`;
      const action = Array.isArray(actions)
        ? actions.findIndex((a) => (a as { value?: unknown } | null)?.value === logic)
        : -1;
      if (action >= 0) return `logic[${index}].actions[${action}].value`;
    }
  return 'JSON Logic';
}

/** The failures of one evaluation as the engine reports them: one per question and property. */
export function uncheckedRules(failures: readonly LogicFailure[]): UncheckedRule[] {
  const seen = new Set<string>();
  const out: UncheckedRule[] = [];
  for (const { component, path, property, error } of failures) {
    const key = String(component.key ?? '');
    const id = `${key}\u0000${property}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({
      component: { path, key, label: labelOf(component as FormComponent) },
      property,
      reason: error.kind,
      ...(error instanceof LogicLimitError ? { bound: error.bound } : {}),
      ...(error instanceof LogicUnsupportedError ? { operation: error.operation } : {}),
      detail: error.message,
    });
  }
  return out;
}

/** The form-level message for one rule that cannot be evaluated. */
export const uncheckedMessage = (rule: UncheckedRule): string =>
  `This form cannot be checked: the rule in '${rule.component.label || rule.component.key}' (${rule.property}) cannot be evaluated because ${rule.detail}. Ask the collection manager to correct the form.`;
