import { type LogicBound, logicLimits } from './limits';

/** Why a rule could not be evaluated: a bound passed, or an operation we do not support. */
export abstract class LogicError extends Error {
  abstract readonly kind: 'limit' | 'unsupported';
}

const boundWords: Record<LogicBound, (limit: number) => string> = {
  maxSteps: (n) => `it takes more than ${n.toLocaleString('en-GB')} steps`,
  maxDepth: (n) => `it is nested more than ${n} levels deep`,
  maxNodes: (n) => `it has more than ${n.toLocaleString('en-GB')} parts`,
  maxArrayLength: (n) => `it builds a list of more than ${n.toLocaleString('en-GB')} items`,
  maxStringLength: (n) => `it builds a text of more than ${n.toLocaleString('en-GB')} characters`,
};

/** A bound of `logicLimits` was passed: the rule gives no verdict, and that is reported, never passed over. */
export class LogicLimitError extends LogicError {
  readonly kind = 'limit';
  readonly limit: number;
  constructor(readonly bound: LogicBound) {
    const limit = logicLimits[bound];
    super(boundWords[bound](limit));
    this.name = 'LogicLimitError';
    this.limit = limit;
  }
}

/** The rule uses an operation (or a form of one) outside the documented list. */
export class LogicUnsupportedError extends LogicError {
  readonly kind = 'unsupported';
  constructor(
    readonly operation: string,
    message = `the operation "${operation}" is not supported`,
  ) {
    super(message);
    this.name = 'LogicUnsupportedError';
  }
}

/**
 * An operation met a value it gives no answer for (a date that is not a date, `*` of nothing): as in
 * json-logic-js, where such an operation throws and Form.io reads the rule as giving no result (null).
 * Never seen outside the interpreter's callers.
 */
export class LogicNoResult extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'LogicNoResult';
  }
}
