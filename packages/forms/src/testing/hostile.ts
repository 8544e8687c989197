/**
 * Hostile input for the property-based suites (issue 23 item 5): text a manager might write to reach
 * code, a prototype or a pattern engine, answers that hold such text, and a Proxy that records every
 * read of the answers so a test can see nothing but their own properties was read.
 */

export const HOSTILE_TEXT = [
  'constructor',
  '__proto__',
  'prototype',
  'constructor.constructor',
  '__proto__.constructor',
  'data.constructor.constructor',
  'answers.__proto__.polluted',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'call',
  'apply',
  'bind',
  'return process.env',
  'function () { return globalThis }',
  '() => process.exit(1)',
  "this.constructor.constructor('return process')()",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template syntax as a manager might write it
  '${process.env.SECRET}',
  '{{ constructor.constructor("x")() }}',
  "data['constructor']",
  'a[0].b',
  'list.0',
  'list.length',
  '(a+)+$',
  '^(\\w|\\d)+x$',
  '.*',
  '[',
  '\\1',
  'x'.repeat(2_000),
  '',
];

/** Answers holding hostile keys and values (a JSON `__proto__` key is an own property). */
export const hostileAnswers = () =>
  JSON.parse(
    '{"text": "constructor", "n": 3, "list": [1, "2", {"a": "__proto__"}, [4]], "__proto__": {"polluted": 1}, "toString": "x", "valueOf": {}, "rows": [{"hours": 1}, {"hours": "2"}]}',
  );

/** Wraps values, deep, in a Proxy that records every property read and refuses every write. */
export function recordingProxy() {
  const reads: { key: PropertyKey; own: boolean }[] = [];
  const wrap = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const target = value as object;
    return new Proxy(target, {
      get(t, key) {
        reads.push({ key, own: Object.hasOwn(t, key) });
        return wrap(Reflect.get(t, key));
      },
      has(t, key) {
        reads.push({ key, own: Object.hasOwn(t, key) });
        return Reflect.has(t, key);
      },
      set: () => {
        throw new Error('the answers were written to');
      },
      defineProperty: () => {
        throw new Error('the answers were written to');
      },
      deleteProperty: () => {
        throw new Error('the answers were written to');
      },
      setPrototypeOf: () => {
        throw new Error('a prototype was changed');
      },
    });
  };
  return { wrap, reads };
}

/** Everything a prototype or the global object holds, to see that nothing changed it. */
export const snapshot = () =>
  [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype, globalThis].map(
    (o) => Object.getOwnPropertyNames(o).sort().join(','),
  );
