import { createRequire } from 'node:module';
import fc from 'fast-check';
import lodash from 'lodash';
import { describe, expect, it } from 'vitest';
import { checkLogic } from './check';
import { LogicNoResult } from './errors';
import { applyLogic } from './interpreter';
import { supportedOperations } from './operations';

/**
 * Our interpreter means what json-logic-js 2.0.5 with Form.io's lodash operations meant (the engine
 * Form.io ran before decision 0030), on the accepted grammar and ordinary answers: generated programs
 * give the same result in both, or json-logic-js throws (Form.io's "no result") and ours gives no
 * result too. A fresh json-logic-js is loaded here, with lodash's functions as `_name` operations as
 * @formio/core registers them: the engine's own copy now fronts our interpreter.
 */
function freshJsonLogic() {
  const require = createRequire(import.meta.url);
  const path = require.resolve('json-logic-js');
  delete require.cache[path];
  const jsonLogic = require(path) as {
    apply(logic: unknown, data: unknown): unknown;
    add_operation(name: string, fn: unknown): void;
  };
  delete require.cache[path];
  for (const [name, fn] of Object.entries(lodash))
    if (typeof fn === 'function') jsonLogic.add_operation(`_${name}`, fn);
  return jsonLogic;
}

const reference = freshJsonLogic();
// Dates depend on the clock and on the server's zone in Form.io (dayjs): compared by their own tests.
const compared = supportedOperations.filter(
  (op) => !['getDate', 'relativeMinDate', 'relativeMaxDate'].includes(op),
);

const text = fc.constantFrom(
  '',
  'a',
  'b',
  'ab',
  ' a ',
  'A',
  '1',
  '2',
  '10',
  '1.5',
  '-1',
  ' 3 ',
  'x1',
  'true',
  'null',
  '0b11',
);
const scalar = fc.oneof(
  text,
  fc.constantFrom(0, 1, 2, -1, 1.5, 10, 100, -0.5),
  fc.constantFrom(null, true, false),
);
const literal = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }));
const data = fc.record({
  a: scalar,
  b: scalar,
  list: fc.array(scalar, { maxLength: 4 }),
  rows: fc.array(fc.record({ x: scalar, y: scalar }), { maxLength: 3 }),
});
const varPath = fc.constantFrom(
  'a',
  'b',
  'list',
  'rows',
  'list.0',
  'rows.0.x',
  'missing',
  '',
  'x',
  'y',
  'current',
  'accumulator',
);

const { rule } = fc.letrec<{ rule: unknown; arg: unknown }>((tie) => ({
  rule: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    varPath.map((path) => ({ var: path })),
    fc.tuple(varPath, scalar).map(([path, fallback]) => ({ var: [path, fallback] })),
    fc
      .tuple(fc.constantFrom(...compared), fc.array(tie('arg'), { maxLength: 3 }))
      .map(([op, args]) => ({ [op]: args })),
  ),
  arg: fc.oneof({ depthSize: 'small' }, literal, tie('rule')),
}));

const outcome = (run: () => unknown) => {
  try {
    return { value: run() };
  } catch (error) {
    return { threw: error };
  }
};

describe('our interpreter agrees with json-logic-js and Form.io’s lodash operations', () => {
  it('on generated programs of the accepted grammar over ordinary answers', () => {
    fc.assert(
      fc.property(
        rule.filter((logic) => checkLogic(logic).length === 0),
        data,
        (logic, answers) => {
          const theirs = outcome(() => reference.apply(structuredClone(logic), structuredClone(answers)));
          const ours = outcome(() => applyLogic(logic, answers));
          if ('threw' in theirs) {
            // json-logic-js threw (Form.io: no result): ours gives no result, or a value where it had none.
            if ('threw' in ours) expect(ours.threw).toBeInstanceOf(LogicNoResult);
            return;
          }
          if ('threw' in ours) throw ours.threw;
          expect(ours.value, JSON.stringify(logic)).toEqual(theirs.value);
        },
      ),
      { numRuns: 4000 },
    );
  }, 120_000);
});
