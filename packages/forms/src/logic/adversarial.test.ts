import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_TEXT, hostileAnswers, recordingProxy, snapshot } from '../testing/hostile';
import { checkLogic } from './check';
import { LogicError, LogicLimitError, LogicNoResult } from './errors';
import { applyLogic, measureLogic } from './interpreter';
import { logicLimits } from './limits';
import { supportedOperations } from './operations';

/**
 * Issue 23 item 5, generated: JSON Logic programs built from the grammar we accept, with hostile text in
 * every argument position, run against hostile answers held in a Proxy that records every read. For
 * every program: no function value appears, in the result or any value computed on the way; no global
 * or prototype changes; nothing is read from the answers but their own properties; every run ends
 * with a value or one of our errors (a bound passed is LogicLimitError), never anything else.
 */

const HOSTILE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  0.1,
  1e21,
  292,
  10_001,
];

const literal: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(null, true, false),
  fc.string({ maxLength: 6 }),
);

/** Rules of the accepted grammar: an operation we support over rules and hostile literals. */
const { rule } = fc.letrec<{ rule: unknown; arg: unknown }>((tie) => ({
  rule: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({
      var: fc.oneof(
        fc.constantFrom(...HOSTILE_TEXT),
        fc.constantFrom('answers', 'answers.list', 'answers.text', 'current', 'accumulator', ''),
      ),
    }),
    fc
      .tuple(fc.constantFrom(...supportedOperations), fc.array(tie('arg'), { maxLength: 4 }))
      .map(([op, args]) => ({ [op]: args })),
  ),
  arg: fc.oneof({ depthSize: 'small' }, literal, tie('rule'), fc.array(literal, { maxLength: 3 })),
}));

/** Hostile answers behind a recording Proxy, with the loop variables `current` and `accumulator`. */
function recordedAnswers() {
  const { wrap, reads } = recordingProxy();
  const answers = hostileAnswers();
  return { data: wrap({ answers, current: answers.rows[0], accumulator: 0 }), reads };
}

function assertNoFunction(value: unknown, depth = 0): void {
  expect(typeof value).not.toBe('function');
  if (depth > 70 || typeof value !== 'object' || value === null) return;
  for (const key of Object.keys(value)) assertNoFunction((value as Record<string, unknown>)[key], depth + 1);
}

describe('generated hostile JSON Logic', () => {
  it('never yields a function, touches no global, reads only own properties, ends within its bounds', () => {
    const before = snapshot();
    fc.assert(
      fc.property(rule, (logic) => {
        const { data, reads } = recordedAnswers();
        let steps = 0;
        try {
          const run = measureLogic(logic, data, (value) => expect(typeof value).not.toBe('function'));
          steps = run.steps;
          assertNoFunction(run.result);
        } catch (error) {
          // Our errors only: no TypeError or RangeError from a coercion, no stack overflow.
          if (!(error instanceof LogicError || error instanceof LogicNoResult)) throw error;
        }
        expect(steps).toBeLessThanOrEqual(logicLimits.maxSteps);
        const outside = reads.filter((read) => !read.own);
        expect(outside, JSON.stringify(logic)).toEqual([]);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 3000 },
    );
    expect(snapshot()).toEqual(before);
  }, 120_000);

  it('nesting past the depth bound is refused, whatever the operation', () => {
    fc.assert(
      fc.property(fc.constantFrom(...supportedOperations), (op) => {
        let logic: unknown = 1;
        for (let i = 0; i < logicLimits.maxDepth + 5; i++) logic = { [op]: [logic] };
        expect(() => applyLogic(logic, {})).toThrow(LogicLimitError);
        expect(checkLogic(logic)[0]).toMatch(/nested more than 64 levels/);
      }),
    );
  });
});

/** Known gadget chains from public advisories, each refused on upload and harmless at evaluation. */
const gadgets: [string, unknown][] = [
  // json-logic-js < 2.0.0 'method' (npm advisory 1542; jwadhams/json-logic-js#86; PoC in 418sec/huntr#720).
  [
    'json-logic-js method chain to Function',
    {
      method: [
        { method: [{ var: '__proto__.constructor.is.__proto__' }, 'constructor', ['return process']] },
        'call',
      ],
    },
  ],
  // json-logic-js dotted operation names walk the operations object (jwadhams/json-logic-js#98).
  ['json-logic-js dotted operation', { 'hasOwnProperty.constructor': ['return 1'] }],
  ['json-logic-js operations prototype', { 'var.constructor': ['return process'] }],
  // Form.io's lodash operations: an iteratee path from text to Function (issue 23; decision 0014).
  ['lodash _invoke to Function', { _invoke: [{ var: 'data' }, 'constructor.constructor', 'return process'] }],
  ['lodash _method', { _method: ['constructor.constructor', 'return 1'] }],
  ['lodash _result', { _result: [{ var: 'data' }, 'constructor.constructor'] }],
  ['lodash _flow', { _flow: [] }],
  ['lodash _get up the prototype', { _get: [{ var: 'data' }, '__proto__.constructor'] }],
  ['lodash _map with a path iteratee', { _map: [[{}], 'constructor.constructor'] }],
  // lodash _.template compiles text to a function (CVE-2021-23337, command injection via `variable`).
  ['lodash _template', { _template: ['<%= process.env %>', { variable: 'x = process' }] }],
  ['lodash _sumBy with a path', { _sumBy: [{ var: 'data.rows' }, 'constructor.name'] }],
  // json-logic-js's own console access.
  ['log', { log: [{ var: '' }] }],
  // A computed var path (built from text at run time).
  ['computed var', { var: { cat: ['constr', 'uctor'] } }],
  ['var up the prototype', { var: 'data.constructor.constructor' }],
];

describe('gadget chains from public advisories', () => {
  it.each(gadgets)('%s is refused on upload and never reaches a function at evaluation', (_name, logic) => {
    expect(checkLogic(logic).length).toBeGreaterThan(0);
    const { data, reads } = recordedAnswers();
    try {
      assertNoFunction(applyLogic(logic, data));
    } catch (error) {
      if (!(error instanceof LogicError || error instanceof LogicNoResult)) throw error;
    }
    expect(reads.filter((read) => !read.own)).toEqual([]);
  });

  // Issue 23: a rule that doubles a list or a text in a reduce held the event loop for 12-165 s.
  it.each([
    [
      'a doubling text',
      {
        reduce: [
          { merge: Array.from({ length: 40 }, (_, i) => i) },
          { cat: [{ var: 'accumulator' }, { var: 'accumulator' }] },
          'xx',
        ],
      },
      'maxStringLength',
    ],
    [
      'a doubling list',
      {
        reduce: [
          { merge: Array.from({ length: 40 }, (_, i) => i) },
          { merge: [{ var: 'accumulator' }, { var: 'accumulator' }] },
          [1],
        ],
      },
      'maxArrayLength',
    ],
    [
      'a map of maps',
      {
        map: [
          { merge: Array.from({ length: 400 }, (_, i) => i) },
          { map: [{ merge: Array.from({ length: 400 }, (_, i) => i) }, { '+': [1, 1] }] },
        ],
      },
      'maxSteps',
    ],
  ])('%s stops at its bound with LogicLimitError', (_name, logic, bound) => {
    expect(checkLogic(logic)).toEqual([]);
    try {
      applyLogic(logic, {});
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(LogicLimitError);
      expect((error as LogicLimitError).bound).toBe(bound);
    }
  });
});
