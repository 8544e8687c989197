import { defineOwn, ownProperty } from './logic/values';

/**
 * Paths into answers (`staff[0].grade`, `data.ward.beds`), read and written through own properties
 * only (decision 0030). lodash's `get` and `set`, which Form.io uses, follow a path through prototypes
 * (`constructor.constructor` from any value is `Function`); here a path never leaves the answers: a
 * segment `__proto__`, `constructor` or `prototype` reads nothing and writes nothing, a function is never
 * returned, and a path is bounded in length.
 */

/** Names a path may not take a step through: the way from a value to its prototype and to `Function`. */
export const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const pathLimits = {
  /** Longer paths read nothing (a question's key is at most 128 characters, a grid adds a few levels). */
  maxPathLength: 1000,
  maxSegments: 64,
};

const cache = new Map<string, readonly string[] | null>();
const MAX_CACHED = 10_000;

/**
 * `a.b[0].c` as its segments (`a`, `b`, `0`, `c`); null when it is not a path: empty segments,
 * unbalanced brackets, a forbidden name, or past a bound. Cached: the engine asks for the same paths on
 * every evaluation.
 */
export function pathSegments(path: string): readonly string[] | null {
  const cached = cache.get(path);
  if (cached !== undefined) return cached;
  const segments = parse(path);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(path, segments);
  return segments;
}

function parse(path: string): readonly string[] | null {
  if (path === '' || path.length > pathLimits.maxPathLength) return null;
  const segments: string[] = [];
  let i = 0;
  while (i < path.length) {
    if (segments.length >= pathLimits.maxSegments) return null;
    if (path[i] === '[') {
      const end = path.indexOf(']', i);
      if (end < 0) return null;
      const index = path.slice(i + 1, end);
      if (!/^\d{1,9}$/.test(index)) return null;
      segments.push(String(Number(index)));
      i = end + 1;
      if (i < path.length && path[i] !== '.' && path[i] !== '[') return null;
      if (path[i] === '.') {
        i++;
        if (i === path.length) return null;
      }
      continue;
    }
    let end = i;
    while (end < path.length && path[end] !== '.' && path[end] !== '[') end++;
    const name = path.slice(i, end);
    if (name === '' || name.includes(']') || FORBIDDEN_SEGMENTS.has(name)) return null;
    segments.push(name);
    i = end;
    if (path[i] === '.') {
      i++;
      if (i === path.length) return null;
    }
  }
  return segments;
}

/** The value at a path, through own properties only (undefined when it is not there). */
export function readPath(holder: unknown, path: string): unknown {
  // A key that holds a dot (`'a.b'`) as one own property is read as it is, as lodash reads it.
  if (
    typeof holder === 'object' &&
    holder !== null &&
    !Array.isArray(holder) &&
    !FORBIDDEN_SEGMENTS.has(path)
  )
    if (Object.hasOwn(holder, path)) return ownProperty(holder, path);
  const segments = pathSegments(path);
  if (!segments) return undefined;
  let value = holder;
  for (const segment of segments) {
    if (value === undefined || value === null) return undefined;
    value = ownProperty(value, segment);
  }
  return value;
}

const isIndex = (segment: string) => /^\d+$/.test(segment);

/**
 * Sets the value at a path of own properties, making the objects and lists on the way as lodash's `set`
 * does (a list where the next segment is an index). A path that is not one (or names a forbidden
 * property) writes nothing; nothing is ever written to a prototype.
 */
export function writePath(holder: Record<string, unknown>, path: string, value: unknown): void {
  const segments = pathSegments(path);
  if (!segments) return;
  let target: Record<string, unknown> = holder;
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i] as string;
    const next = Object.hasOwn(target, segment) ? target[segment] : undefined;
    if (typeof next === 'object' && next !== null) {
      target = next as Record<string, unknown>;
      continue;
    }
    const made: Record<string, unknown> = isIndex(segments[i + 1] as string)
      ? ([] as unknown as Record<string, unknown>)
      : {};
    define(target, segment, made);
    target = made;
  }
  define(target, segments[segments.length - 1] as string, value);
}

/** An own data property, even where assignment would reach a setter (`__proto__` is refused above). */
function define(target: Record<string, unknown>, key: string, value: unknown) {
  if (Array.isArray(target) && isIndex(key)) {
    target[Number(key)] = value;
    return;
  }
  if (Object.hasOwn(target, key)) target[key] = value;
  else defineOwn(target, key, value);
}
