import { fieldValue, numberIn } from '@dcf/forms/data-quality/values';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { numberSql } from './queries';

/**
 * A number written as text has one rule (decision 0034): TypeScript (`numberIn`, the browser's figures
 * and verdicts) and SQL (`numberSql`, last period's statistics) give the same verdict on the same
 * answers. This file runs on PGlite and on PostgreSQL (both API projects).
 */

const t = useTestApp();

/** What SQL reads in each answer, in order (the answers travel as one JSON array). */
async function sqlNumbers(answers: unknown[]): Promise<(number | null)[]> {
  const { rows } = await sql<{ n: number | null }>`
    select ${numberSql(sql`a.value`)} as n
    from jsonb_array_elements(${JSON.stringify(answers)}::jsonb) with ordinality as a(value, i)
    order by a.i`.execute(t.database.db);
  return rows.map((row) => (row.n === null ? null : Number(row.n)));
}

const cases: [unknown, number | null][] = [
  ['1,5', null],
  ['3-4', null],
  [' 12 ', 12],
  ['1e3', null],
  ['-0', 0],
  ['12.', null],
  ['', null],
  ['   ', null],
  ['\t7\n', 7],
  ['+3.25', 3.25],
  ['-0.5', -0.5],
  ['.5', null],
  ['1 000', null],
  ['Infinity', null],
  ['NaN', null],
  ['0x10', null],
  ['١٢', null],
  ['12\u00a0', null],
  ['123456789012345.5', 123456789012345.5],
  ['0.123456789012345', 0.123456789012345],
  ['1234567890123456', null],
  [12, 12],
  [-0, 0],
  [0.1, 0.1],
  [true, null],
  [null, null],
  [[5], null],
  [{ value: 5 }, null],
];

describe('a number written as text', () => {
  it('reads the same in TypeScript and SQL, with the verdicts the rule gives', async () => {
    const answers = cases.map(([answer]) => answer);
    const typescript = answers.map(numberIn);
    expect(typescript).toEqual(cases.map(([, expected]) => expected));
    // Object.is: minus zero must read as 0 in both, not -0.
    const inSql = await sqlNumbers(answers);
    for (const [i, value] of inSql.entries())
      expect(Object.is(value, typescript[i]), JSON.stringify(answers[i])).toBe(true);
  });

  it('agrees on generated text: digits, signs, points, commas, exponents and spaces in any order', async () => {
    const text = fc.string({
      unit: fc.constantFrom('0', '1', '5', '9', '-', '+', '.', ',', 'e', ' ', '\t', '\n', 'x'),
      maxLength: 12,
    });
    const samples = fc.sample(text, { numRuns: 400, seed: 34 });
    const inSql = await sqlNumbers(samples);
    const typescript = samples.map(numberIn);
    expect(inSql).toEqual(typescript);
    // The sample is not all refusals.
    expect(typescript.filter((n) => n !== null).length).toBeGreaterThan(20);
  });

  it('a grid column totals its cells the same way (a cell that is no number counts 0)', () => {
    const answers = { staff: [{ hours: ' 4 ' }, { hours: '1,5' }, { hours: 3 }, { hours: '' }, 'row'] };
    expect(fieldValue(answers, 'staff.hours')).toBe(7);
  });
});
