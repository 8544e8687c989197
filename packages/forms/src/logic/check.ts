import { LogicError } from './errors';
import { argumentsOf, assertSupported, isRule, operatorOf } from './interpreter';

/** Property names a `var` path may not name, though `var` reads own properties only: the way to `Function`. */
const FORBIDDEN_SEGMENTS = new Set(['constructor', '__proto__', 'prototype']);

/** A path as written: a text, a number, or nothing (the whole data). */
function varProblem(path: unknown): string | null {
  if (path === undefined || path === null || typeof path === 'number') return null;
  if (typeof path !== 'string') return 'a "var" must name its path in plain text, not compute it';
  const bad = path.split('.').find((segment) => FORBIDDEN_SEGMENTS.has(segment));
  return bad ? `"var" may not read "${bad}"` : null;
}

/** Paths named by `var`, `missing` and `missing_some`, found anywhere in a rule. */
function pathProblems(node: unknown, out: string[]): void {
  if (Array.isArray(node)) {
    for (const item of node) pathProblems(item, out);
    return;
  }
  if (!isRule(node)) return;
  const op = operatorOf(node);
  const args = argumentsOf(node, op);
  if (op === 'var') {
    const problem = varProblem(args[0]);
    if (problem) out.push(problem);
  } else if (op === 'missing' || op === 'missing_some') {
    const list = op === 'missing' ? (Array.isArray(args[0]) ? args[0] : args) : args[1];
    for (const key of Array.isArray(list) ? list : [list]) {
      if (isRule(key)) continue; // a computed list of keys: its own var paths are checked below
      const problem = varProblem(Array.isArray(key) ? key[0] : key);
      if (problem) out.push(problem);
    }
  }
  for (const arg of args) pathProblems(arg, out);
}

/**
 * What is wrong with a rule a manager wrote, as sentences (empty when it is fine), for the 400 of an
 * upload or a rule's save: an operation outside the supported list or with too many arguments, a rule
 * past a size bound, a `var` path computed or naming a forbidden property. The interpreter refuses the
 * same operations and sizes when it meets them in a definition stored earlier.
 */
export function checkLogic(logic: unknown): string[] {
  const problems: string[] = [];
  try {
    assertSupported(logic);
  } catch (error) {
    if (!(error instanceof LogicError)) throw error;
    problems.push(error.message);
    return problems;
  }
  pathProblems(logic, problems);
  return [...new Set(problems)];
}
