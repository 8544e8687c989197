import type { Meter } from './meter';
import { type Dict, indexIn, isDict, lessThan, mapList, plus, toNumber, toPrimitive, toText } from './values';

/**
 * The `_name` operations Form.io's builder and our JavaScript converter write (decision 0030), with
 * lodash 4's meaning for JSON values, written out: none takes a function, a property path or a pattern
 * (lodash's `*By` forms, which read a path from text, are not among them). Where lodash treats a text as
 * a list of characters (`_first`, `_uniq` ...) so do these. Text is measured in UTF-16 code units except
 * by `_size`, which counts code points (lodash counts some combined characters as one).
 */

type Op = (args: unknown[], meter: Meter) => unknown;

/** lodash's toNumber: trims text, reads 0b/0o prefixes, refuses signed hex. */
function lodashNumber(value: unknown, meter: Meter): number {
  if (typeof value === 'number') return value;
  const primitive = toPrimitive(value, meter);
  if (typeof primitive !== 'string') return Number(primitive);
  const text = primitive.trim();
  if (/^0b[01]+$/i.test(text)) return Number.parseInt(text.slice(2), 2);
  if (/^0o[0-7]+$/i.test(text)) return Number.parseInt(text.slice(2), 8);
  if (/^[-+]0x[0-9a-f]+$/i.test(text)) return Number.NaN;
  return Number(text);
}

function lodashInteger(value: unknown, meter: Meter): number {
  if (!value) return 0;
  let n = lodashNumber(value, meter);
  if (n === Number.POSITIVE_INFINITY || n === Number.NEGATIVE_INFINITY) n = Math.sign(n) * Number.MAX_VALUE;
  if (Number.isNaN(n)) return 0;
  return n - (n % 1);
}

/** lodash's toString: null and undefined are empty, -0 is "-0", list items null read "null". */
function lodashText(value: unknown, meter: Meter, depth = 0): string {
  if (value === null || value === undefined) return '';
  return baseText(value, meter, depth);
}

function baseText(value: unknown, meter: Meter, depth: number): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    meter.depth(depth);
    meter.size(value.length);
    return meter.text(mapList(value, (item) => baseText(item, meter, depth + 1)).join(','));
  }
  if (value === 0 && 1 / value === Number.NEGATIVE_INFINITY) return '-0';
  return toText(value, meter);
}

/** A list's items, or a text's UTF-16 code units (as lodash indexes a text). */
const unitsOf = (list: readonly unknown[] | string): readonly unknown[] =>
  typeof list === 'string' ? list.split('') : mapList(list, (item) => item);

/** What lodash iterates: a list, or a text's characters; anything else has no items. */
const items = (value: unknown): readonly unknown[] | string | null =>
  Array.isArray(value) || typeof value === 'string' ? value : null;

function sum(list: readonly unknown[] | string, meter: Meter): unknown {
  let result: unknown;
  meter.size(list.length);
  for (let i = 0; i < list.length; i++) {
    const current = list[i];
    if (current !== undefined) result = result === undefined ? current : plus(result, current, meter);
  }
  return result;
}

function extremum(value: unknown, greater: boolean, meter: Meter): unknown {
  const list = items(value);
  if (!list || list.length === 0) return undefined;
  meter.size(list.length);
  let result: unknown;
  let found = false;
  for (let i = 0; i < list.length; i++) {
    const current = list[i];
    if (current === null || current === undefined) continue;
    const better = !found
      ? !(typeof current === 'number' && Number.isNaN(current))
      : greater
        ? lessThan(result, current, meter) === true
        : lessThan(current, result, meter) === true;
    if (better) {
      result = current;
      found = true;
    }
  }
  return result;
}

function round(method: (n: number) => number): Op {
  return ([value, precisionArg], meter) => {
    const number = lodashNumber(value, meter);
    const precision =
      precisionArg === null || precisionArg === undefined
        ? 0
        : Math.min(lodashInteger(precisionArg, meter), 292);
    if (precision && Number.isFinite(number)) {
      let [digits, exponent = '0'] = lodashText(number, meter).split('e');
      const shifted = method(Number(`${digits}e${Number(exponent) + precision}`));
      [digits, exponent = '0'] = lodashText(shifted, meter).split('e');
      return Number(`${digits}e${Number(exponent) - precision}`);
    }
    return method(number);
  };
}

/** lodash's add/subtract/multiply/divide: both as text when either is text (so `_add` joins), else numbers. */
function arithmetic(operator: (a: number, b: number) => number, empty: number, joins = false): Op {
  return ([value, other], meter) => {
    if (value === undefined && other === undefined) return empty;
    if (other === undefined) return value;
    if (value === undefined) return other;
    if (typeof value === 'string' || typeof other === 'string') {
      const a = baseText(value, meter, 0);
      const b = baseText(other, meter, 0);
      return joins ? meter.text(a + b) : operator(Number(a), Number(b));
    }
    return operator(toNumber(value, meter), toNumber(other, meter));
  };
}

/** SameValueZero, as lodash's indexOf and uniq compare. */
const sameValueZero = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));

function isEqual(a: unknown, b: unknown, meter: Meter, depth = 0): boolean {
  meter.step();
  if (sameValueZero(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  meter.depth(depth);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return (
      a.length === b.length && mapList(a, (item, i) => isEqual(item, b[i], meter, depth + 1)).every(Boolean)
    );
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((key) => Object.hasOwn(b, key) && isEqual((a as Dict)[key], (b as Dict)[key], meter, depth + 1))
  );
}

const trimStartPattern = /^\s+/;

export const lodashOperations: Record<string, { maxArgs: number; run: Op }> = {
  _sum: {
    maxArgs: 1,
    run: ([list], meter) => {
      const values = items(list);
      return values && values.length > 0 ? sum(values, meter) : 0;
    },
  },
  _mean: {
    maxArgs: 1,
    run: ([list], meter) => {
      const values = items(list);
      if (!values || values.length === 0) return Number.NaN;
      const total = sum(values, meter);
      return toNumber(total, meter) / values.length;
    },
  },
  _max: { maxArgs: 1, run: ([list], meter) => extremum(list, true, meter) },
  _min: { maxArgs: 1, run: ([list], meter) => extremum(list, false, meter) },
  _round: { maxArgs: 2, run: round(Math.round) },
  _floor: { maxArgs: 2, run: round(Math.floor) },
  _ceil: { maxArgs: 2, run: round(Math.ceil) },
  _add: { maxArgs: 2, run: arithmetic((a, b) => a + b, 0, true) },
  _subtract: { maxArgs: 2, run: arithmetic((a, b) => a - b, 0) },
  _multiply: { maxArgs: 2, run: arithmetic((a, b) => a * b, 1) },
  _divide: { maxArgs: 2, run: arithmetic((a, b) => a / b, 1) },
  _size: {
    maxArgs: 1,
    run: ([value], meter) => {
      if (value === null || value === undefined) return 0;
      if (typeof value === 'string') {
        meter.size(value.length);
        let count = 0;
        for (const _ of value) count++;
        return count;
      }
      if (Array.isArray(value)) return value.length;
      return isDict(value) ? Object.keys(value).length : 0;
    },
  },
  _isEmpty: {
    maxArgs: 1,
    run: ([value]) => {
      if (value === null || value === undefined) return true;
      if (Array.isArray(value) || typeof value === 'string') return value.length === 0;
      return isDict(value) ? Object.keys(value).length === 0 : true;
    },
  },
  _isNil: { maxArgs: 1, run: ([value]) => value === null || value === undefined },
  _includes: {
    maxArgs: 3,
    run: ([collection, value, fromArg], meter) => {
      const list =
        Array.isArray(collection) || typeof collection === 'string'
          ? collection
          : isDict(collection)
            ? Object.keys(collection).map((key) => collection[key])
            : [];
      let from = fromArg ? lodashInteger(fromArg, meter) : 0;
      if (from < 0) from = Math.max(list.length + from, 0);
      meter.size(list.length);
      if (typeof list === 'string')
        return from <= list.length && list.indexOf(toText(value, meter), from) > -1;
      return indexIn(list, value, sameValueZero, from) !== -1;
    },
  },
  _isEqual: { maxArgs: 2, run: ([a, b], meter) => isEqual(a, b, meter) },
  _toNumber: { maxArgs: 1, run: ([value], meter) => lodashNumber(value, meter) },
  _toString: { maxArgs: 1, run: ([value], meter) => lodashText(value, meter) },
  _parseInt: {
    maxArgs: 2,
    run: ([value, radix], meter) => {
      const base = radix === null || radix === undefined ? 0 : Number(toPrimitive(radix, meter)) || 0;
      return Number.parseInt(lodashText(value, meter).replace(trimStartPattern, ''), base);
    },
  },
  _trim: { maxArgs: 1, run: ([value], meter) => lodashText(value, meter).trim() },
  _trimStart: { maxArgs: 1, run: ([value], meter) => lodashText(value, meter).trimStart() },
  _trimEnd: { maxArgs: 1, run: ([value], meter) => lodashText(value, meter).trimEnd() },
  _toLower: { maxArgs: 1, run: ([value], meter) => meter.text(lodashText(value, meter).toLowerCase()) },
  _toUpper: { maxArgs: 1, run: ([value], meter) => meter.text(lodashText(value, meter).toUpperCase()) },
  _startsWith: {
    maxArgs: 3,
    run: ([value, target, position], meter) => {
      const text = lodashText(value, meter);
      const at =
        position === null || position === undefined
          ? 0
          : Math.min(Math.max(lodashInteger(position, meter), 0), text.length);
      const needle = baseText(target, meter, 0);
      return text.slice(at, at + needle.length) === needle;
    },
  },
  _endsWith: {
    maxArgs: 3,
    run: ([value, target, position], meter) => {
      const text = lodashText(value, meter);
      const needle = baseText(target, meter, 0);
      const end =
        position === undefined
          ? text.length
          : Math.min(Math.max(lodashInteger(position, meter), 0), text.length);
      const start = end - needle.length;
      return start >= 0 && text.slice(start, end) === needle;
    },
  },
  _compact: {
    maxArgs: 1,
    run: ([value], meter) => {
      const list = items(value);
      if (!list) return [];
      meter.size(list.length);
      return unitsOf(list).filter(Boolean);
    },
  },
  _uniq: {
    maxArgs: 1,
    run: ([value], meter) => {
      const list = items(value);
      if (!list) return [];
      meter.step(list.length);
      const out: unknown[] = [];
      for (const item of unitsOf(list)) {
        meter.size(out.length);
        if (!out.some((seen) => sameValueZero(seen, item))) out.push(item);
      }
      return out;
    },
  },
  _flatten: {
    maxArgs: 1,
    run: ([value], meter) => {
      const list = items(value);
      if (!list) return [];
      const out: unknown[] = [];
      for (const item of unitsOf(list)) {
        if (Array.isArray(item)) for (const inner of mapList(item, (x) => x)) out.push(inner);
        else out.push(item);
        meter.list(out);
      }
      return meter.list(out);
    },
  },
  _first: { maxArgs: 1, run: ([value]) => first(value) },
  _head: { maxArgs: 1, run: ([value]) => first(value) },
  _last: {
    maxArgs: 1,
    run: ([value]) => {
      const list = items(value);
      return list && list.length > 0 ? list[list.length - 1] : undefined;
    },
  },
};

function first(value: unknown): unknown {
  const list = items(value);
  return list && list.length > 0 ? list[0] : undefined;
}
