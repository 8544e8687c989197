import { describe, expect, it } from 'vitest';
import { financialYearLabel, periodName } from './period-names';

describe('period names', () => {
  it.each([
    ['daily', 'financialYear', '2026-04-06', '2026-04-06', '06/04/2026'],
    ['weekly', 'calendarYear', '2026-04-06', '2026-04-12', 'Week commencing 06/04/2026'],
    ['monthly', 'financialYear', '2026-04-01', '2026-04-30', 'April 2026'],
    ['monthly', 'calendarYear', '2024-02-01', '2024-02-29', 'February 2024'],
    ['quarterly', 'financialYear', '2026-04-01', '2026-06-30', 'Q1 2026/27'],
    ['quarterly', 'financialYear', '2026-10-01', '2026-12-31', 'Q3 2026/27'],
    ['quarterly', 'financialYear', '2027-01-01', '2027-03-31', 'Q4 2026/27'],
    ['quarterly', 'calendarYear', '2026-01-01', '2026-03-31', 'Q1 2026'],
    ['quarterly', 'calendarYear', '2026-04-01', '2026-06-30', 'Q2 2026'],
    ['annual', 'financialYear', '2026-04-01', '2027-03-31', '2026/27'],
    ['annual', 'calendarYear', '2026-01-01', '2026-12-31', '2026'],
    ['oneTime', 'financialYear', '2026-04-01', '2026-06-30', '01/04/2026 to 30/06/2026'],
    ['oneTime', 'calendarYear', '2026-04-01', '2026-04-01', '01/04/2026'],
  ] as const)('%s (%s) %s to %s is "%s"', (cycle, periodType, start, end, name) => {
    expect(periodName(cycle, periodType, { start, end })).toBe(name);
  });

  it('pads the end year of a financial year across a century', () => {
    expect(financialYearLabel(2099)).toBe('2099/00');
    expect(financialYearLabel(2009)).toBe('2009/10');
  });
});
