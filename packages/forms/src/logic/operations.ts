import { dateOperations } from './dates';
import { LogicNoResult } from './errors';
import { lodashOperations } from './lodash';
import type { Meter } from './meter';
import {
  indexIn,
  isDict,
  joinList,
  less,
  lessOrEqual,
  lessThan,
  looseEquals,
  mapList,
  ownProperty,
  parseNumber,
  plus,
  toNumber,
  toText,
  truthy,
} from './values';

/**
 * THE operations of our JSON Logic (decision 0030; the table in packages/forms/README.md says what
 * each means). json-logic-js 2.0's own operations keep its meaning exactly, except that none calls a
 * function found in a value, `var` reads own properties only, and nothing in the data is ever read as a
 * rule; `log` and `method` are not here. Form.io's date operations and the lodash ones are in dates.ts
 * and lodash.ts.
 */

/** The evaluation an operation runs in: its meter and, for the operations that choose what to evaluate, apply. */
export interface Evaluation {
  readonly meter: Meter;
  apply(logic: unknown, data: unknown, depth: number): unknown;
}

export interface EagerOperation {
  lazy?: false;
  /** More arguments than this are refused (upload and evaluation); none: any number, as json-logic-js. */
  maxArgs?: number;
  run(args: unknown[], meter: Meter, data: unknown): unknown;
}

/** An operation that evaluates its arguments itself (if, and, or, and the ones over a list). */
export interface LazyOperation {
  lazy: true;
  run(evaluation: Evaluation, args: unknown[], data: unknown, depth: number): unknown;
}

export type Operation = EagerOperation | LazyOperation;

/** `var`: a path of own properties, dot-separated, from the data; the default (or null) when not there. */
export function readVar(data: unknown, path: unknown, fallback: unknown, meter: Meter): unknown {
  const notFound = fallback === undefined ? null : fallback;
  if (path === undefined || path === null || path === '') return data;
  const text = toText(path, meter);
  meter.size(text.length);
  let current = data;
  for (const segment of text.split('.')) {
    if (current === null || current === undefined) return notFound;
    current = ownProperty(current, segment);
    if (current === undefined) return notFound;
  }
  return current;
}

function missing(keys: unknown[], data: unknown, meter: Meter): unknown[] {
  const out: unknown[] = [];
  meter.step(keys.length);
  for (const key of mapList(keys, (k) => k)) {
    // json-logic-js evaluates {"var": key}; a key that is a list is a path and its default.
    // (Items past a list's end are never read: nothing but own properties of the data is.)
    const path = Array.isArray(key) ? (key.length > 0 ? key[0] : undefined) : key;
    const fallback = Array.isArray(key) && key.length > 1 ? key[1] : undefined;
    const value = readVar(data, path, fallback, meter);
    if (value === null || value === '') out.push(key);
  }
  return out;
}

/** The list a map/filter/... works over, or null when its first argument is not one. */
function listOf(evaluation: Evaluation, args: unknown[], data: unknown, depth: number): unknown[] | null {
  const list = evaluation.apply(args[0], data, depth + 1);
  return Array.isArray(list) ? list : null;
}

const lazy = (run: LazyOperation['run']): LazyOperation => ({ lazy: true, run });

function ifThenElse(evaluation: Evaluation, args: unknown[], data: unknown, depth: number): unknown {
  let i = 0;
  for (; i < args.length - 1; i += 2)
    if (truthy(evaluation.apply(args[i], data, depth + 1)))
      return evaluation.apply(args[i + 1], data, depth + 1);
  return args.length === i + 1 ? evaluation.apply(args[i], data, depth + 1) : null;
}

const core: Record<string, Operation> = {
  var: { run: ([path, fallback], meter, data) => readVar(data, path, fallback, meter) },
  missing: {
    run: (args, meter, data) => missing(Array.isArray(args[0]) ? args[0] : args, data, meter),
  },
  missing_some: {
    run: ([needed, options], meter, data) => {
      if (options === null || options === undefined) throw new LogicNoResult('"missing_some" of nothing');
      const keys = Array.isArray(options) ? options : [options];
      const absent = missing(keys, data, meter);
      const count = Array.isArray(options) || typeof options === 'string' ? options.length : Number.NaN;
      return lessOrEqual(needed, count - absent.length, meter) ? [] : absent;
    },
  },
  if: lazy(ifThenElse),
  '?:': lazy(ifThenElse),
  and: lazy((evaluation, args, data, depth) => {
    let current: unknown;
    for (const arg of args) {
      current = evaluation.apply(arg, data, depth + 1);
      if (!truthy(current)) return current;
    }
    return current;
  }),
  or: lazy((evaluation, args, data, depth) => {
    let current: unknown;
    for (const arg of args) {
      current = evaluation.apply(arg, data, depth + 1);
      if (truthy(current)) return current;
    }
    return current;
  }),
  '!': { run: ([a]) => !truthy(a) },
  '!!': { run: ([a]) => truthy(a) },
  '==': { run: ([a, b], meter) => looseEquals(a, b, meter) },
  '!=': { run: ([a, b], meter) => !looseEquals(a, b, meter) },
  '===': { run: ([a, b]) => a === b },
  '!==': { run: ([a, b]) => a !== b },
  '>': { run: ([a, b], meter) => less(b, a, meter) },
  '>=': { run: ([a, b], meter) => lessOrEqual(b, a, meter) },
  '<': {
    run: ([a, b, c], meter) => (c === undefined ? less(a, b, meter) : less(a, b, meter) && less(b, c, meter)),
  },
  '<=': {
    run: ([a, b, c], meter) =>
      c === undefined ? lessOrEqual(a, b, meter) : lessOrEqual(a, b, meter) && lessOrEqual(b, c, meter),
  },
  '+': {
    run: (args, meter) => {
      let total = 0;
      for (const arg of args) total = parseNumber(total, meter) + parseNumber(arg, meter);
      return total;
    },
  },
  '*': {
    run: (args, meter) => {
      if (args.length === 0) throw new LogicNoResult('"*" of nothing');
      let product = args[0];
      for (let i = 1; i < args.length; i++)
        product = parseNumber(product, meter) * parseNumber(args[i], meter);
      return product;
    },
  },
  '-': {
    run: ([a, b], meter) => (b === undefined ? -toNumber(a, meter) : toNumber(a, meter) - toNumber(b, meter)),
  },
  '/': { run: ([a, b], meter) => toNumber(a, meter) / toNumber(b, meter) },
  '%': { run: ([a, b], meter) => toNumber(a, meter) % toNumber(b, meter) },
  min: { run: (args, meter) => Math.min(...args.map((a) => toNumber(a, meter))) },
  max: { run: (args, meter) => Math.max(...args.map((a) => toNumber(a, meter))) },
  cat: { run: (args, meter) => meter.text(joinList(args, '', meter)) },
  substr: {
    run: ([source, start, end], meter) => {
      const text = toText(source, meter);
      const from = toNumber(start, meter);
      if (end !== undefined && lessThan(end, 0, meter) === true) {
        const rest = text.substr(from);
        return rest.substr(0, toNumber(plus(rest.length, end, meter), meter));
      }
      return text.substr(from, end === undefined ? undefined : toNumber(end, meter));
    },
  },
  in: {
    run: ([a, b], meter) => {
      if (typeof b === 'string') {
        if (b === '') return false;
        meter.size(b.length);
        return b.includes(toText(a, meter));
      }
      if (!Array.isArray(b)) return false;
      meter.size(b.length);
      return indexIn(b, a, (x, y) => x === y) !== -1;
    },
  },
  merge: {
    run: (args, meter) => {
      const out: unknown[] = [];
      for (const arg of args) {
        if (Array.isArray(arg)) {
          meter.list(arg);
          for (const item of mapList(arg, (x) => x)) out.push(item);
        } else out.push(arg);
        meter.list(out);
      }
      return out;
    },
  },
  map: lazy((evaluation, args, data, depth) => {
    const list = listOf(evaluation, args, data, depth);
    if (!list) return [];
    return evaluation.meter.list(mapList(list, (item) => evaluation.apply(args[1], item, depth + 1)));
  }),
  filter: lazy((evaluation, args, data, depth) => {
    const list = listOf(evaluation, args, data, depth);
    if (!list) return [];
    const out: unknown[] = [];
    for (const item of mapList(list, (x) => x))
      if (truthy(evaluation.apply(args[1], item, depth + 1))) out.push(item);
    return out;
  }),
  reduce: lazy((evaluation, args, data, depth) => {
    const list = listOf(evaluation, args, data, depth);
    const initial = args[2] !== undefined ? evaluation.apply(args[2], data, depth + 1) : null;
    if (!list) return initial;
    let accumulator = initial;
    for (const current of mapList(list, (x) => x))
      accumulator = evaluation.apply(args[1], { current, accumulator }, depth + 1);
    return accumulator;
  }),
  all: lazy((evaluation, args, data, depth) => {
    const list = listOf(evaluation, args, data, depth);
    if (!list || list.length === 0) return false;
    for (const item of mapList(list, (x) => x))
      if (!truthy(evaluation.apply(args[1], item, depth + 1))) return false;
    return true;
  }),
  none: lazy((evaluation, args, data, depth) => {
    const list = listOf(evaluation, args, data, depth);
    if (!list || list.length === 0) return true;
    for (const item of mapList(list, (x) => x))
      if (truthy(evaluation.apply(args[1], item, depth + 1))) return false;
    return true;
  }),
  some: lazy((evaluation, args, data, depth) => {
    const list = listOf(evaluation, args, data, depth);
    if (!list || list.length === 0) return false;
    for (const item of mapList(list, (x) => x))
      if (truthy(evaluation.apply(args[1], item, depth + 1))) return true;
    return false;
  }),
};

const dates: Record<string, Operation> = {
  getDate: { maxArgs: 1, run: dateOperations.getDate },
  relativeMinDate: { maxArgs: 1, run: dateOperations.relativeMinDate },
  relativeMaxDate: { maxArgs: 1, run: dateOperations.relativeMaxDate },
};

/** Every supported operation by name; a Map, so no name ever finds something inherited. */
export const operations: ReadonlyMap<string, Operation> = new Map(
  Object.entries({ ...core, ...dates, ...lodashOperations }),
);

/** The names, in the order the documentation lists them. */
export const supportedOperations: readonly string[] = [...operations.keys()];

export { isDict };
