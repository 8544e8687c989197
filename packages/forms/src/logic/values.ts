import { LogicLimitError } from './errors';
import { logicLimits } from './limits';
import type { Meter } from './meter';

/**
 * The values JSON Logic works on and JavaScript's coercions between them, written out (decision 0030).
 * Values are JSON (null, booleans, numbers, texts, lists, plain objects) plus `undefined`, NaN and the
 * infinities arithmetic gives. json-logic-js leaves coercion to JavaScript, which calls `toString` and
 * `valueOf` found on a value's prototype chain; here no coercion ever calls a function: a list reads as
 * its items joined with commas and any other object as "[object Object]", which is what JavaScript gives
 * for every value JSON can hold, and the same in every browser.
 */

export type Dict = Record<string, unknown>;

export const isDict = (value: unknown): value is Dict =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON Logic's truthiness (jsonlogic.com/truthy): JavaScript's, except that an empty list is false. */
export const truthy = (value: unknown): boolean => (Array.isArray(value) ? value.length > 0 : Boolean(value));

/** JavaScript's String(value) for JSON values, without calling anything. */
export function toText(value: unknown, meter: Meter, depth = 0): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return joinList(value, ',', meter, depth);
      return '[object Object]';
  }
  return '';
}

/** Array.prototype.join: null and undefined items are empty, lists inside are joined with commas. */
export function joinList(list: readonly unknown[], separator: string, meter: Meter, depth = 0): string {
  if (depth > logicLimits.maxDepth) throw new LogicLimitError('maxDepth');
  meter.size(list.length);
  let out = '';
  for (let i = 0; i < list.length; i++) {
    if (i > 0) out += separator;
    const item = list[i];
    if (item !== null && item !== undefined) out += toText(item, meter, depth + 1);
    if (out.length > logicLimits.maxStringLength) throw new LogicLimitError('maxStringLength');
  }
  return out;
}

/** ToPrimitive: lists and objects read as their text (their valueOf gives themselves in JavaScript). */
export const toPrimitive = (value: unknown, meter: Meter): unknown =>
  typeof value === 'object' && value !== null ? toText(value, meter) : value;

/** JavaScript's Number(value) (ToNumber) for JSON values. */
export function toNumber(value: unknown, meter: Meter): number {
  const primitive = toPrimitive(value, meter);
  return typeof primitive === 'number' ? primitive : Number(primitive);
}

/** JavaScript's parseFloat(value): the value as text, then its leading number. */
export const parseNumber = (value: unknown, meter: Meter): number =>
  typeof value === 'number' ? (value === 0 ? 0 : value) : Number.parseFloat(toText(value, meter));

/** JavaScript's `a == b` (IsLooselyEqual) for JSON values. */
export function looseEquals(a: unknown, b: unknown, meter: Meter): boolean {
  if (a === null || a === undefined) return b === null || b === undefined;
  if (b === null || b === undefined) return false;
  const ta = typeof a;
  const tb = typeof b;
  if (ta === tb) return a === b;
  if (ta === 'boolean') return looseEquals(Number(a), b, meter);
  if (tb === 'boolean') return looseEquals(a, Number(b), meter);
  if (ta === 'object') return looseEquals(toText(a, meter), b, meter);
  if (tb === 'object') return looseEquals(a, toText(b, meter), meter);
  // A number and a text.
  return Number(a) === Number(b);
}

/** JavaScript's `a < b` (IsLessThan): text against text by code units, anything else as numbers. */
export function lessThan(a: unknown, b: unknown, meter: Meter): boolean | undefined {
  const pa = toPrimitive(a, meter);
  const pb = toPrimitive(b, meter);
  if (typeof pa === 'string' && typeof pb === 'string') return pa < pb;
  const na = typeof pa === 'number' ? pa : Number(pa);
  const nb = typeof pb === 'number' ? pb : Number(pb);
  if (Number.isNaN(na) || Number.isNaN(nb)) return undefined;
  return na < nb;
}

export const less = (a: unknown, b: unknown, meter: Meter) => lessThan(a, b, meter) === true;
/** `a <= b` is `!(b < a)`, false when either is NaN. */
export const lessOrEqual = (a: unknown, b: unknown, meter: Meter) => lessThan(b, a, meter) === false;

/** JavaScript's `a + b`: text when either side is text (after ToPrimitive), else numbers. */
export function plus(a: unknown, b: unknown, meter: Meter): unknown {
  const pa = toPrimitive(a, meter);
  const pb = toPrimitive(b, meter);
  if (typeof pa === 'string' || typeof pb === 'string')
    return meter.text(toText(pa, meter) + toText(pb, meter));
  return Number(pa) + Number(pb);
}

/**
 * A list's items by index (never through its prototype: no `map`, `indexOf` or iterator is looked up on
 * a list from the data, so a rule reads nothing of the data but its own items and length).
 */
export function mapList<T>(list: readonly unknown[], fn: (item: unknown, index: number) => T): T[] {
  const out: T[] = [];
  const length = list.length;
  for (let i = 0; i < length; i++) out.push(fn(list[i], i));
  return out;
}

export function indexIn(
  list: readonly unknown[],
  value: unknown,
  same: (a: unknown, b: unknown) => boolean,
  from = 0,
) {
  const length = list.length;
  for (let i = from; i < length; i++) if (same(list[i], value)) return i;
  return -1;
}

/** An own property of a value as `var` reads it: text and list items and lengths, object keys. */
export function ownProperty(holder: unknown, key: string): unknown {
  if (typeof holder === 'string') {
    if (key === 'length') return holder.length;
    const index = arrayIndex(key);
    return index !== undefined && index < holder.length ? holder[index] : undefined;
  }
  if (Array.isArray(holder)) {
    if (key === 'length') return holder.length;
    const index = arrayIndex(key);
    return index !== undefined && index < holder.length ? holder[index] : undefined;
  }
  if (typeof holder !== 'object' || holder === null) return undefined;
  if (!Object.hasOwn(holder, key)) return undefined;
  const value = (holder as Dict)[key];
  // Data never holds a function; if some caller's does, `var` does not see it.
  return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
}

/** "3" is an index, "03", "-1", "1.5" and "1e3" are not (as JavaScript's property keys). */
function arrayIndex(key: string): number | undefined {
  if (key === '' || key.length > 10) return undefined;
  const n = Number(key);
  return Number.isInteger(n) && n >= 0 && String(n) === key ? n : undefined;
}

/** A literal object of a rule (not an operation), copied so that nothing shares the definition's. */
export function copyValue(value: unknown, meter: Meter, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  meter.depth(depth);
  meter.step();
  if (Array.isArray(value)) return meter.list(value.map((v) => copyValue(v, meter, depth + 1)));
  const out: Dict = {};
  for (const key of Object.keys(value))
    defineOwn(out, key, copyValue((value as Dict)[key], meter, depth + 1));
  return out;
}

/**
 * Gives `holder` an own, plain data property: unlike assignment, a key "__proto__" stays a key and never
 * sets the prototype, and no setter is reached.
 */
export function defineOwn(holder: object, key: string, value: unknown): void {
  Object.defineProperty(holder, key, { value, enumerable: true, writable: true, configurable: true });
}
