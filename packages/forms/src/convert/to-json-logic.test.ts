import { describe, expect, it } from 'vitest';
import { applyLogic, checkLogic } from '../logic';
import { javascriptToJsonLogic } from './to-json-logic';

const ok = (code: string, result: Parameters<typeof javascriptToJsonLogic>[1], options = {}) => {
  const converted = javascriptToJsonLogic(code, result, options);
  if (!converted.ok) throw new Error(converted.reason);
  return converted.logic;
};
const reason = (code: string) => {
  const converted = javascriptToJsonLogic(code, 'value');
  return converted.ok ? 'converted' : converted.reason;
};

describe('javascriptToJsonLogic', () => {
  it("converts the product decision's examples", () => {
    const numbers = { typeOf: () => 'number' as const };
    expect(ok('value = data.a + data.b', 'value', numbers)).toEqual({
      '+': [{ var: 'data.a' }, { var: 'data.b' }],
    });
    expect(ok("show = data.x === 'yes'", 'show')).toEqual({ '===': [{ var: 'data.x' }, 'yes'] });
    expect(ok("valid = input > 0 ? true : 'Must be positive'", 'valid')).toEqual({
      if: [{ '>': [{ var: 'input' }, 0] }, true, 'Must be positive'],
    });
  });

  it('joins text with + when either side is text, sums numbers otherwise', () => {
    const typeOf = (_root: string, segments: string[]) =>
      (segments[0] === 'name' ? 'string' : 'number') as 'string' | 'number';
    expect(ok("value = data.name + ' (' + data.n + ')'", 'value', { typeOf })).toEqual({
      cat: [{ cat: [{ cat: [{ var: 'data.name' }, ' ('] }, { var: 'data.n' }] }, ')'],
    });
    expect(ok('value = Number(data.a) + parseFloat(row.b)', 'value')).toEqual({
      '+': [{ '+': [{ var: 'data.a' }] }, { '+': [{ var: 'row.b' }] }],
    });
  });

  it('follows locals, if/else, Math, lodash, string methods, optional chaining and grid reductions', () => {
    expect(ok('var t = data.a * 2; if (t > 10) { value = t; } else { value = 0; }', 'value')).toEqual({
      if: [{ '>': [{ '*': [{ var: 'data.a' }, 2] }, 10] }, { '*': [{ var: 'data.a' }, 2] }, 0],
    });
    expect(ok('value = Math.round(data.a / data.b * 100)', 'value')).toEqual({
      _round: [{ '*': [{ '/': [{ var: 'data.a' }, { var: 'data.b' }] }, 100] }],
    });
    expect(ok("value = _.sumBy(data.rows, 'beds')", 'value')).toEqual({
      _sum: [{ map: [{ var: 'data.rows' }, { var: 'beds' }] }],
    });
    expect(ok("show = data.services?.xray && data.name.toLowerCase().includes('ward')", 'show')).toEqual({
      and: [{ var: 'data.services.xray' }, { in: ['ward', { _toLower: [{ var: 'data.name' }] }] }],
    });
    expect(ok('value = data.rows.reduce((sum, r) => sum + r.beds, 0)', 'value')).toEqual({
      reduce: [{ var: 'data.rows' }, { '+': [{ var: 'accumulator' }, { var: 'current.beds' }] }, 0],
    });
    expect(ok("show = data.rows.some(r => r.kind === 'icu')", 'show')).toEqual({
      some: [{ var: 'data.rows' }, { '===': [{ var: 'kind' }, 'icu'] }],
    });
  });

  it('wraps a constant result in a rule (Form.io ignores a bare false or number)', () => {
    expect(ok('show = false;', 'show')).toEqual({ if: [true, false] });
    expect(ok('value = 0.08;', 'value')).toEqual({ if: [true, 0.08] });
  });

  it('starts show and valid at true, as Form.io does', () => {
    expect(ok('if (data.a) show = false;', 'show')).toEqual({ if: [{ var: 'data.a' }, false, true] });
    expect(ok("if (input < 0) valid = 'No negatives';", 'valid')).toEqual({
      if: [{ '<': [{ var: 'input' }, 0] }, 'No negatives', true],
    });
  });

  it.each([
    ["require('fs').writeFileSync('/tmp/x', 'y')", 'a statement does something other than set a variable'],
    ['value = process.env.SESSION_SECRET', 'it uses "process", which JSON Logic has no equivalent for'],
    ['value = moment().format()', 'it calls ".format()"'],
    ['value = data.constructor.constructor', 'it reads "constructor"'],
    ['value = data[key]', 'it reads a property whose name is computed'],
    ['for (;;) {}', 'it uses a ForStatement'],
    ['value = (function () { return 1; })()', 'it calls a function JSON Logic has no equivalent for'],
    ['value = instance.root.data', 'it uses "instance", which JSON Logic has no equivalent for'],
    [
      'value = data.rows.map(r => data.a)',
      'inside an arrow function only its own parameters may be read, not "data"',
    ],
    ['value = {{ data.a }}', 'it uses {{ }} templates inside code'],
  ])('refuses, with the reason, anything that is not a reading of answers: %s', (code, why) => {
    expect(reason(code)).toBe(why);
  });

  it('refuses code that does not parse, with the parser’s reason', () => {
    expect(reason('value = ')).toMatch(/^it is not valid JavaScript/);
  });

  it('writes only operations our JSON Logic has: every lodash call it converts passes the upload check', () => {
    const calls = [
      '_.sum(data.list)',
      '_.round(data.a, 2)',
      '_.floor(data.a)',
      '_.ceil(data.a)',
      '_.max(data.list)',
      '_.min(data.list)',
      '_.mean(data.list)',
      '_.add(data.a, 1)',
      '_.subtract(data.a, 1)',
      '_.multiply(data.a, 2)',
      '_.divide(data.a, 2)',
      '_.size(data.list)',
      '_.isEmpty(data.list)',
      '_.isNil(data.a)',
      "_.includes(data.list, 'x')",
      '_.toNumber(data.a)',
      '_.toString(data.a)',
      '_.trim(data.s)',
      '_.toLower(data.s)',
      '_.toUpper(data.s)',
      "_.startsWith(data.s, 'a')",
      "_.endsWith(data.s, 'a')",
      '_.compact(data.list)',
      '_.uniq(data.list)',
      '_.flatten(data.list)',
      '_.first(data.list)',
      '_.last(data.list)',
      '_.head(data.list)',
      '_.isEqual(data.a, data.b)',
      "_.sumBy(data.rows, 'beds')",
      '_.sumBy(data.rows, r => r.beds)',
      "_.meanBy(data.rows, 'ward.beds')",
      "Math.round(data.a) + Math.abs(data.b) + Math.max(data.a, data.b) + 'x'.length",
      "data.s.trim().toLowerCase().startsWith('a') && data.s.includes('b')",
    ];
    for (const code of calls) expect(checkLogic(ok(`value = ${code}`, 'value')), code).toEqual([]);
  });

  it("sums and averages a grid's column by its plain name (lodash's *By read any text as a path)", () => {
    const rows = [{ beds: 2, ward: { beds: 1 } }, { beds: 3, ward: { beds: 3 } }, { ward: {} }];
    const data = { data: { rows } };
    expect(applyLogic(ok("value = _.sumBy(data.rows, 'beds')", 'value'), data)).toBe(5);
    // As lodash: a row without beds makes its product NaN, and the sum.
    expect(applyLogic(ok('value = _.sumBy(data.rows, r => r.beds * 2)', 'value'), data)).toBeNaN();
    const full = { data: { rows: rows.slice(0, 2) } };
    expect(applyLogic(ok('value = _.sumBy(data.rows, r => r.beds * 2)', 'value'), full)).toBe(10);
    expect(applyLogic(ok("value = _.meanBy(data.rows, 'ward.beds')", 'value'), data)).toBeCloseTo(4 / 3);
    for (const path of ['constructor.name', 'a[0]'])
      expect(reason(`value = _.sumBy(data.rows, '${path}')`)).toBe(
        '"_.sumBy()" must name the property plainly (like \'beds\')',
      );
    expect(reason("value = _.maxBy(data.rows, 'beds')")).toBe(
      'it calls "_.maxBy()", which gives a row, not a number: for the highest value write _.max(rows.map(r => r.x))',
    );
    expect(reason("value = _.get(data, 'a.b')")).toBe('it calls "_.get()"');
  });
});
