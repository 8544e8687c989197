import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oracleAddDays, oracleIsWorkingDay, oracleWorkingDays } from '../../test/schedule-oracles';
import { toDayNumber } from './calendar-date';
import { bankHolidays, countWorkingDays, isWorkingDay, nthCountedDay } from './working-days';

/** England and Wales bank holidays as gov.uk published them (weekday dates on which offices close). */
const publishedBankHolidays: Record<number, string[]> = {
  2015: ['01-01', '04-03', '04-06', '05-04', '05-25', '08-31', '12-25', '12-28'],
  2016: ['01-01', '03-25', '03-28', '05-02', '05-30', '08-29', '12-26', '12-27'],
  2020: ['01-01', '04-10', '04-13', '05-08', '05-25', '08-31', '12-25', '12-28'],
  2021: ['01-01', '04-02', '04-05', '05-03', '05-31', '08-30', '12-27', '12-28'],
  2022: ['01-03', '04-15', '04-18', '05-02', '06-02', '06-03', '08-29', '09-19', '12-26', '12-27'],
  2023: ['01-02', '04-07', '04-10', '05-01', '05-08', '05-29', '08-28', '12-25', '12-26'],
  2024: ['01-01', '03-29', '04-01', '05-06', '05-27', '08-26', '12-25', '12-26'],
  2025: ['01-01', '04-18', '04-21', '05-05', '05-26', '08-25', '12-25', '12-26'],
  2026: ['01-01', '04-03', '04-06', '05-04', '05-25', '08-31', '12-25', '12-28'],
  2027: ['01-01', '03-26', '03-29', '05-03', '05-31', '08-30', '12-27', '12-28'],
};

describe('bank holidays', () => {
  it.each(Object.entries(publishedBankHolidays))('%s matches the published list', (year, days) => {
    expect(bankHolidays(Number(year))).toEqual(days.map((day) => `${year}-${day}`));
  });

  it('keeps both Christmas substitutes when 25 and 26 December fall on a weekend (2021)', () => {
    expect(isWorkingDay('2021-12-24')).toBe(true);
    expect(isWorkingDay('2021-12-25')).toBe(false);
    expect(isWorkingDay('2021-12-26')).toBe(false);
    expect(isWorkingDay('2021-12-27')).toBe(false);
    expect(isWorkingDay('2021-12-28')).toBe(false);
    expect(isWorkingDay('2021-12-29')).toBe(true);
  });

  it('counts working days in December 2021 as 21 (23 weekdays less the two substitute days)', () => {
    expect(countWorkingDays('2021-12-01', '2021-12-31')).toBe(21);
  });

  it('counts working days in April 2026 as 20 (22 weekdays less Good Friday and Easter Monday)', () => {
    expect(countWorkingDays('2026-04-01', '2026-04-30')).toBe(20);
  });

  it('has exactly 8 bank holidays on weekdays in every ordinary year to 2040', () => {
    // 2020 moved a holiday, 2022 and 2023 added one-off days; no other year since 2015 differs.
    for (let year = 2015; year <= 2040; year += 1) {
      const expected = year === 2022 ? 10 : year === 2023 ? 9 : 8;
      expect(bankHolidays(year), String(year)).toHaveLength(expected);
    }
  });
});

describe('nthCountedDay', () => {
  const day = (value: string) => toDayNumber(value);

  it('counts the first day itself in calendar days', () => {
    expect(nthCountedDay(day('2026-05-01'), 1, false)).toBe(day('2026-05-01'));
    expect(nthCountedDay(day('2026-05-01'), 10, false)).toBe(day('2026-05-10'));
  });

  it('skips weekends and bank holidays in working days', () => {
    // Fri 01/05/2026, (Sat, Sun, bank holiday Mon 04/05), Tue 05, Wed 06, Thu 07, Fri 08.
    expect(nthCountedDay(day('2026-05-01'), 5, true)).toBe(day('2026-05-08'));
    // From Christmas Eve 2021 (Fri): 24, then 29, 30, 31 December, then Tue 04/01/2022 (Mon 03 is a holiday).
    expect(nthCountedDay(day('2021-12-24'), 5, true)).toBe(day('2022-01-04'));
  });

  it('stops early once past the bound', () => {
    expect(nthCountedDay(day('2040-12-01'), 32767, true, day('2040-12-31'))).toBe(day('2041-01-01'));
  });

  it('refuses a count below one', () => {
    expect(() => nthCountedDay(0, 0, true)).toThrow(RangeError);
  });

  it('property: the n-th working day is a working day with exactly n working days up to it (2015-2040)', () => {
    const from = fc.integer({ min: day('2015-01-01'), max: day('2040-10-31') });
    fc.assert(
      fc.property(from, fc.integer({ min: 1, max: 45 }), (start, count) => {
        const startDate = new Date(start * 86_400_000).toISOString().slice(0, 10);
        const result = nthCountedDay(start, count, true);
        const resultDate = new Date(result * 86_400_000).toISOString().slice(0, 10);
        expect(oracleIsWorkingDay(resultDate)).toBe(true);
        expect(oracleWorkingDays(startDate, resultDate)).toBe(count);
        // Every skipped day really is a weekend day or a bank holiday.
        for (let d = startDate; d < resultDate; d = oracleAddDays(d, 1)) {
          if (!oracleIsWorkingDay(d)) expect(isWorkingDay(d)).toBe(false);
        }
      }),
    );
  });

  it('property: isWorkingDay agrees with weekends and the library list on every day 2015-2040', () => {
    for (let d = '2015-01-01'; d <= '2040-12-31'; d = oracleAddDays(d, 1)) {
      if (isWorkingDay(d) !== oracleIsWorkingDay(d)) expect.fail(`disagree on ${d}`);
    }
  });
});
