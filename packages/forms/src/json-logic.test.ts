import { jsonLogic } from '@formio/core/utils';
import { describe, expect, it } from 'vitest';
import { configureFormio } from './engine/formio';
import { checkJsonLogic } from './json-logic';

describe('JSON Logic policy', () => {
  it('accepts the operations forms use: comparisons, arithmetic, if, var, lodash sums', () => {
    expect(
      checkJsonLogic({
        if: [
          { and: [{ '>': [{ var: 'data.a' }, 0] }, { '!': [{ var: 'row.b' }] }] },
          { _sumBy: [{ var: 'data.grid' }, 'amount'] },
          { cat: ['x', { var: ['data.c', ''] }] },
        ],
      }),
    ).toEqual([]);
  });

  it('refuses operations that call or build functions, and var paths that climb to Function', () => {
    expect(checkJsonLogic({ _invoke: [{ var: 'data' }, 'constructor.constructor', 'return 1'] })).toEqual([
      'the operation "_invoke" is not allowed',
    ]);
    expect(checkJsonLogic({ '==': [{ var: 'data.constructor.constructor' }, 1] })).toEqual([
      '"var" may not read "constructor"',
    ]);
    expect(checkJsonLogic({ var: { cat: ['data.con', 'structor'] } })).toEqual([
      'a "var" must name its path in plain text, not compute it',
    ]);
    expect(checkJsonLogic({ 'map.prototype': [] })).toEqual(['the operation "map.prototype" is not allowed']);
    expect(checkJsonLogic({ if: [true, { _flow: [] }, 1] })).toEqual([
      'the operation "_flow" is not allowed',
    ]);
  });

  it("hardens Form.io's shared instance: invokers throw, var never yields a function or climbs prototypes", () => {
    configureFormio();
    const data = { data: { a: 1, list: [1, 2] } };
    expect(() => jsonLogic.apply({ _invoke: [{ var: 'data' }, 'toString'] }, data)).toThrow(/not allowed/);
    expect(jsonLogic.apply({ var: 'data.constructor.constructor' }, data)).toBeNull();
    expect(jsonLogic.apply({ var: 'data.a.toFixed' }, data)).toBeNull();
    expect(jsonLogic.apply({ var: 'data.list.length' }, data)).toBe(2);
    expect(jsonLogic.apply({ '+': [{ var: 'data.a' }, 2] }, data)).toBe(3);
    expect(() =>
      jsonLogic.apply(
        {
          reduce: [
            { var: 'data.list' },
            { cat: [{ var: 'accumulator' }, { var: 'accumulator' }] },
            'x'.repeat(600_000),
          ],
        },
        data,
      ),
    ).toThrow(/too long/);
  });
});
