import type { DataQualityCheck, DataQualityRule } from '@dcf/domain/data-quality';
import { describe, expect, it } from 'vitest';
import { checkFields, compileCheck } from './compile';
import { evaluateDataQuality } from './evaluate';
import { fieldValue, statisticsPaths } from './values';

const rule = (check: DataQualityCheck, severity: 'error' | 'warning' = 'warning'): DataQualityRule => ({
  id: 'r1',
  name: 'Rule',
  severity,
  message: 'Check this',
  check,
  fields: checkFields(check),
  logic: compileCheck(check),
});

const flags = (
  check: DataQualityCheck,
  answers: Record<string, unknown>,
  more: Partial<{ previous: Record<string, unknown> | null; stats: Record<string, unknown> }> = {},
) =>
  evaluateDataQuality([rule(check)], { answers, previous: more.previous ?? null, stats: more.stats ?? {} })
    .length > 0;

describe('data quality checks', () => {
  const vacanciesWithinHeadcount: DataQualityCheck = {
    kind: 'compare',
    left: 'vacancies',
    operator: '<=',
    right: 'headcount',
  };
  const bedsChangeOverTenPercent: DataQualityCheck = {
    kind: 'change',
    field: 'beds',
    percent: 10,
    amount: null,
  };

  it('compares two answers, and says nothing until both are given', () => {
    expect(flags(vacanciesWithinHeadcount, { vacancies: 12, headcount: 10 })).toBe(true);
    expect(flags(vacanciesWithinHeadcount, { vacancies: 10, headcount: 10 })).toBe(false);
    expect(flags(vacanciesWithinHeadcount, { vacancies: 12 })).toBe(false);
    expect(flags(vacanciesWithinHeadcount, { vacancies: '12', headcount: '9' })).toBe(true);
  });

  it('checks a total against its parts, including a grid column summed over its rows', () => {
    const check: DataQualityCheck = { kind: 'sum', total: 'total', parts: ['agency', 'staff.hours'] };
    const staff = [{ hours: 10 }, { hours: 2.5 }, { grade: 'B' }];
    expect(flags(check, { total: 17.5, agency: 5, staff })).toBe(false);
    expect(flags(check, { total: 18, agency: 5, staff })).toBe(true);
    expect(flags(check, { total: 18, staff })).toBe(false);
  });

  it('flags a change from the last submitted return by more than a percentage and an amount', () => {
    const both: DataQualityCheck = { kind: 'change', field: 'beds', percent: 50, amount: 10 };
    expect(flags(both, { beds: 12 }, { previous: { beds: 1200 } })).toBe(true);
    expect(flags(both, { beds: 2 }, { previous: { beds: 5 } })).toBe(false); // 60% but only 3 beds
    expect(flags(both, { beds: 12 }, { previous: null })).toBe(false);
    expect(flags(bedsChangeOverTenPercent, { beds: 111 }, { previous: { beds: 100 } })).toBe(true);
    expect(flags(bedsChangeOverTenPercent, { beds: 90 }, { previous: { beds: 100 } })).toBe(false);
  });

  it('flags a value outside the range seen across organisations last period, and says nothing without one', () => {
    const check: DataQualityCheck = { kind: 'range', field: 'beds', bounds: 'minMax' };
    const stats = { beds: { count: 5, min: 10, p5: 10, median: 30, p95: 50, max: 50 } };
    expect(flags(check, { beds: 51 }, { stats })).toBe(true);
    expect(flags(check, { beds: 10 }, { stats })).toBe(false);
    // Too few returns last period (small-number suppression): no statistics, no verdict.
    expect(flags(check, { beds: 5000 }, { stats: {} })).toBe(false);
    const column: DataQualityCheck = { kind: 'range', field: 'staff.hours', bounds: 'p5p95' };
    const columnStats = { staff: { hours: { count: 9, min: 1, p5: 2, median: 5, p95: 8, max: 9 } } };
    expect(flags(column, { staff: [{ hours: 4 }, { hours: 5 }] }, { stats: columnStats })).toBe(true);
    expect(flags(column, { staff: [{ hours: 4 }, { hours: 3 }] }, { stats: columnStats })).toBe(false);
  });

  it('reads a figure as the rules do: an answer, a number written as text, or a column total', () => {
    expect(fieldValue({ beds: ' 12 ' }, 'beds')).toBe(12);
    expect(fieldValue({ beds: '' }, 'beds')).toBeNull();
    expect(fieldValue({ staff: [{ hours: 2 }, { hours: '3' }, {}] }, 'staff.hours')).toBe(5);
    expect(fieldValue({}, 'staff.hours')).toBeNull();
  });

  it('gives text that is no number no verdict, as the statistics do (JSON Logic alone read "1,5" as 1)', () => {
    expect(flags(vacanciesWithinHeadcount, { vacancies: '5,1', headcount: 4 })).toBe(false);
    expect(flags(vacanciesWithinHeadcount, { vacancies: '3-4', headcount: 2 })).toBe(false);
    expect(flags(vacanciesWithinHeadcount, { vacancies: ' 12 ', headcount: 10 })).toBe(true);
    expect(flags(bedsChangeOverTenPercent, { beds: 20 }, { previous: { beds: '1e3' } })).toBe(false);
    expect(flags(bedsChangeOverTenPercent, { beds: 20 }, { previous: { beds: '10' } })).toBe(true);
    const sum: DataQualityCheck = { kind: 'sum', total: 'total', parts: ['staff.hours'] };
    expect(flags(sum, { total: 7, staff: [{ hours: ' 4 ' }, { hours: '1,5' }, { hours: 3 }] })).toBe(false);
  });

  it('reads an expert rule over answers, previous and stats, and finds the statistics it needs', () => {
    const logic = { '<=': [{ var: 'answers.beds' }, { '*': [2, { var: 'stats.beds.median' }] }] };
    const expert = rule({ kind: 'logic', logic, fields: ['beds'] });
    expect(statisticsPaths([expert])).toEqual(['beds']);
    const stats = { beds: { count: 5, min: 1, p5: 1, median: 3, p95: 5, max: 5 } };
    expect(evaluateDataQuality([expert], { answers: { beds: 7 }, previous: null, stats })).toHaveLength(1);
    expect(evaluateDataQuality([expert], { answers: { beds: 6 }, previous: null, stats })).toHaveLength(0);
  });

  it('never runs code: an operation we do not support is a verdict of its own, not checked, never run', () => {
    const hostile = rule({
      kind: 'logic',
      // Were `_invoke` run, it would build a function and the rule would flag the return.
      logic: { '!': [{ _invoke: [{ var: 'answers' }, 'constructor.constructor', 'return 1'] }] },
      fields: [],
    });
    expect(evaluateDataQuality([hostile], { answers: {}, previous: null, stats: {} })).toEqual([
      {
        ruleId: hostile.id,
        name: hostile.name,
        severity: hostile.severity,
        message: hostile.message,
        fields: [],
        notChecked: 'the operation "_invoke" is not supported',
      },
    ]);
  });
});
