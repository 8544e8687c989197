import { LogicLimitError, LogicUnsupportedError } from './errors';
import { logicLimits } from './limits';
import { Meter } from './meter';
import { type Evaluation, operations } from './operations';
import { copyValue, isDict } from './values';

/**
 * THE JSON Logic interpreter (decision 0030): one implementation for everything a manager writes that
 * the product evaluates (conditions, calculated values, JSON Logic validation, default values, logic
 * triggers, data quality rules), in the browser and on the server alike.
 *
 * - A rule is checked before it runs (shape.ts): every operation is one we support, with no more
 *   arguments than it takes, within the size and depth bounds; otherwise LogicUnsupportedError or
 *   LogicLimitError, for the whole rule, whichever branch would have run.
 * - No operation receives, builds or returns a function; no text is read as code, as a pattern or as a
 *   property path, except `var`'s path, which reads own properties of the data only.
 * - Every evaluation counts its steps and the size of what it builds (Meter): past a bound it throws
 *   LogicLimitError naming the bound. Operations that give no answer (a date that is not one) throw
 *   LogicNoResult, as json-logic-js throws and Form.io reads "no result".
 */

/** A rule's shape, checked once per rule object. */
const checked = new WeakSet<object>();

/** Throws when a rule is outside the grammar: an operation we do not support, too large, too deep. */
export function assertSupported(logic: unknown): void {
  if (typeof logic !== 'object' || logic === null) return;
  if (checked.has(logic)) return;
  let nodes = 0;
  const visit = (node: unknown, depth: number): void => {
    if (++nodes > logicLimits.maxNodes) throw new LogicLimitError('maxNodes');
    if (depth > logicLimits.maxDepth) throw new LogicLimitError('maxDepth');
    if (typeof node === 'string' && node.length > logicLimits.maxStringLength)
      throw new LogicLimitError('maxStringLength');
    if (Array.isArray(node)) {
      if (node.length > logicLimits.maxArrayLength) throw new LogicLimitError('maxArrayLength');
      for (const item of node) visit(item, depth + 1);
      return;
    }
    if (!isRule(node)) return;
    const op = operatorOf(node);
    const operation = operations.get(op);
    if (!operation) throw new LogicUnsupportedError(op);
    const args = argumentsOf(node, op);
    if (!operation.lazy && operation.maxArgs !== undefined && args.length > operation.maxArgs)
      throw new LogicUnsupportedError(
        op,
        `the operation "${op}" takes at most ${operation.maxArgs} argument${operation.maxArgs === 1 ? '' : 's'}`,
      );
    for (const arg of args) visit(arg, depth + 1);
  };
  visit(logic, 0);
  checked.add(logic);
}

/** An operation: an object with exactly one key (anything else is a value, as in json-logic-js). */
export const isRule = (node: unknown): node is Record<string, unknown> =>
  isDict(node) && Object.keys(node).length === 1;

export const operatorOf = (rule: Record<string, unknown>): string => Object.keys(rule)[0] as string;

/** `{"var": "x"}` is short for `{"var": ["x"]}`. */
export function argumentsOf(rule: Record<string, unknown>, op: string): unknown[] {
  const values = rule[op];
  return Array.isArray(values) ? values : [values];
}

class Run implements Evaluation {
  readonly meter = new Meter();

  /** `observe` sees every value the rule computes (the adversarial tests look for functions there). */
  constructor(private readonly observe?: (value: unknown) => void) {}

  apply(logic: unknown, data: unknown, depth: number): unknown {
    const value = this.evaluate(logic, data, depth);
    this.observe?.(value);
    return value;
  }

  private evaluate(logic: unknown, data: unknown, depth: number): unknown {
    this.meter.step();
    if (depth > logicLimits.maxDepth) throw new LogicLimitError('maxDepth');
    if (Array.isArray(logic)) return logic.map((item) => this.apply(item, data, depth + 1));
    if (!isRule(logic)) return isDict(logic) ? copyValue(logic, this.meter, depth) : logic;
    const op = operatorOf(logic);
    const operation = operations.get(op);
    if (!operation) throw new LogicUnsupportedError(op);
    const args = argumentsOf(logic, op);
    if (operation.lazy) return operation.run(this, args, data, depth);
    return operation.run(
      args.map((arg) => this.apply(arg, data, depth + 1)),
      this.meter,
      data,
    );
  }
}

/**
 * Evaluates a rule against data (`{ data, row, input }` for a form's rules; `{ answers, previous, stats }`
 * for data quality). Throws LogicUnsupportedError or LogicLimitError when the rule cannot be evaluated,
 * LogicNoResult when it gives no answer.
 */
export function applyLogic(logic: unknown, data: unknown): unknown {
  assertSupported(logic);
  const result = new Run().apply(logic, data, 0);
  if (typeof result === 'function') throw new LogicUnsupportedError('function');
  return result;
}

/** Evaluates a rule and reports how many steps it took; `observe` sees every intermediate value (tests). */
export function measureLogic(
  logic: unknown,
  data: unknown,
  observe?: (value: unknown) => void,
): { result: unknown; steps: number } {
  assertSupported(logic);
  const run = new Run(observe);
  const result = run.apply(logic, data, 0);
  return { result, steps: run.meter.used };
}
