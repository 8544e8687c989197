import { describe, expect, it } from 'vitest';
import { periodRanges } from './period-ranges';

describe('period ranges', () => {
  it('daily: every day from the first start to the last start', () => {
    expect(periodRanges('daily', 'financialYear', '2024-02-28', '2024-03-01')).toEqual([
      { start: '2024-02-28', end: '2024-02-28' },
      { start: '2024-02-29', end: '2024-02-29' },
      { start: '2024-03-01', end: '2024-03-01' },
    ]);
  });

  it('weekly: seven days from the first start, whatever its weekday, up to the last start', () => {
    expect(periodRanges('weekly', 'calendarYear', '2026-04-08', '2026-04-22')).toEqual([
      { start: '2026-04-08', end: '2026-04-14' },
      { start: '2026-04-15', end: '2026-04-21' },
      { start: '2026-04-22', end: '2026-04-28' },
    ]);
    expect(periodRanges('weekly', 'calendarYear', '2026-04-08', '2026-04-21')).toHaveLength(2);
  });

  it('monthly: calendar months, an unaligned first start snapped to its month', () => {
    expect(periodRanges('monthly', 'financialYear', '2024-01-15', '2024-03-31')).toEqual([
      { start: '2024-01-01', end: '2024-01-31' },
      { start: '2024-02-01', end: '2024-02-29' },
      { start: '2024-03-01', end: '2024-03-31' },
    ]);
    expect(periodRanges('monthly', 'calendarYear', '2026-02-01', '2026-02-01')).toEqual([
      { start: '2026-02-01', end: '2026-02-28' },
    ]);
  });

  it('quarterly: January/April/July/October quarters in both year types', () => {
    const expected = [
      { start: '2026-01-01', end: '2026-03-31' },
      { start: '2026-04-01', end: '2026-06-30' },
      { start: '2026-07-01', end: '2026-09-30' },
    ];
    expect(periodRanges('quarterly', 'financialYear', '2026-02-14', '2026-08-31')).toEqual(expected);
    expect(periodRanges('quarterly', 'calendarYear', '2026-02-14', '2026-08-31')).toEqual(expected);
  });

  it('annual: April-March financial years or January-December calendar years', () => {
    expect(periodRanges('annual', 'financialYear', '2026-02-14', '2026-04-01')).toEqual([
      { start: '2025-04-01', end: '2026-03-31' },
      { start: '2026-04-01', end: '2027-03-31' },
    ]);
    expect(periodRanges('annual', 'calendarYear', '2026-02-14', '2027-01-01')).toEqual([
      { start: '2026-01-01', end: '2026-12-31' },
      { start: '2027-01-01', end: '2027-12-31' },
    ]);
  });

  it('oneTime: one period from the first start to the last start date', () => {
    expect(periodRanges('oneTime', 'financialYear', '2026-04-15', '2026-09-30')).toEqual([
      { start: '2026-04-15', end: '2026-09-30' },
    ]);
  });

  it('nothing when the last start is before the first', () => {
    expect(periodRanges('monthly', 'financialYear', '2026-05-01', '2026-04-01')).toEqual([]);
  });
});
