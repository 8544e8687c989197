import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonthsToMonthStart,
  formatUkDate,
  fromDayNumber,
  isIsoDate,
  toDayNumber,
  weekdayOfDayNumber,
} from './calendar-date';

describe('calendar dates', () => {
  it.each([
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-02-28', true],
    ['2000-02-29', true],
    ['2100-02-29', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-4-1', false],
    ['01/04/2026', false],
    ['', false],
  ])('%s is a real calendar day: %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it('counts days from 1970-01-01', () => {
    expect(toDayNumber('1970-01-01')).toBe(0);
    expect(toDayNumber('1970-02-01')).toBe(31);
    expect(fromDayNumber(365)).toBe('1971-01-01');
  });

  it('adds days across month, leap-day and year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // Across the clock change: a calendar day is never 23 or 25 hours here.
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('moves between month starts', () => {
    expect(addMonthsToMonthStart('2026-01-31', 1)).toBe('2026-02-01');
    expect(addMonthsToMonthStart('2026-11-15', 3)).toBe('2027-02-01');
    expect(addMonthsToMonthStart('2026-02-10', -2)).toBe('2025-12-01');
  });

  it('knows the weekday (0 = Sunday)', () => {
    expect(weekdayOfDayNumber(toDayNumber('2026-04-06'))).toBe(1); // Easter Monday 2026
    expect(weekdayOfDayNumber(toDayNumber('2021-12-25'))).toBe(6);
    expect(weekdayOfDayNumber(toDayNumber('1969-12-28'))).toBe(0);
  });

  it('writes UK dates', () => {
    expect(formatUkDate('2026-04-06')).toBe('06/04/2026');
  });
});
