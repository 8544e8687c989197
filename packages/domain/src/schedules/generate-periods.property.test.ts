import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  oracleAddDays,
  oracleDaysBetween,
  oracleIsWorkingDay,
  oracleLondon,
  oracleWorkingDays,
} from '../../test/schedule-oracles';
import { reportingCycle } from '../enums';
import { type GeneratedPeriod, generatePeriods } from './generate-periods';
import type { Schedule } from './schedule-schema';

/**
 * Properties over schedules anywhere in 2015-2040, checked against independent oracles (Date, Intl and
 * the holiday library directly): see test/schedule-oracles.ts.
 */

const msPerDay = 86_400_000;
const lastAllowed = '2040-12-31';
const isoOf = (dayNumber: number) => new Date(dayNumber * msPerDay).toISOString().slice(0, 10);
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / msPerDay;

/** How far after the first start the last start may be, per cycle, to keep each run small. */
const maxSpanDays = { daily: 120, weekly: 800, monthly: 3700, quarterly: 9500, annual: 9500, oneTime: 3000 };

const scheduleArbitrary: fc.Arbitrary<Schedule> = fc
  .record({
    reportingCycle: fc.constantFrom(...reportingCycle.options),
    first: fc.integer({ min: dayOf('2015-01-01'), max: dayOf(lastAllowed) }),
    spanFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    daysOpen: fc.integer({ min: 1, max: 40 }),
    includeWorkingDaysOnly: fc.boolean(),
    reopen: fc.option(fc.tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }))),
  })
  .map(({ reportingCycle: cycle, first, spanFraction, daysOpen, includeWorkingDaysOnly, reopen }) => {
    const last = Math.min(first + Math.floor(spanFraction * maxSpanDays[cycle]), dayOf(lastAllowed));
    return {
      reportingCycle: cycle,
      firstReportingPeriodStart: isoOf(first),
      lastReportingPeriodStart: isoOf(last),
      daysOpen,
      includeWorkingDaysOnly,
      reopenAfterDays: reopen?.[0] ?? null,
      stayReopenForDays: reopen?.[1] ?? null,
    };
  });

const periodTypeArbitrary = fc.constantFrom('financialYear' as const, 'calendarYear' as const);

/** The London date of a generated instant, after checking it is exactly 00:00:00 London. */
function londonMidnightDate(instant: string): string {
  const london = oracleLondon(instant);
  expect(london.time, instant).toBe('00:00:00');
  return london.date;
}

/** `days` counted from `from` (inclusive) end on the day before `until`, counted as the schedule counts. */
function expectCountedDays(from: string, until: string, days: number, workingOnly: boolean) {
  if (!workingOnly) {
    expect(oracleDaysBetween(from, until)).toBe(days);
    return;
  }
  const lastCounted = oracleAddDays(until, -1);
  expect(oracleIsWorkingDay(lastCounted), `${lastCounted} should be a working day`).toBe(true);
  expect(oracleWorkingDays(from, lastCounted)).toBe(days);
}

function checkWindow(period: GeneratedPeriod, schedule: Schedule) {
  const open = londonMidnightDate(period.submissionsOpen);
  const close = londonMidnightDate(period.submissionsClose);
  expect(open).toBe(oracleAddDays(period.end, 1));
  expect(Date.parse(period.submissionsClose)).toBeGreaterThan(Date.parse(period.submissionsOpen));
  expectCountedDays(open, close, schedule.daysOpen, schedule.includeWorkingDaysOnly);
  expect(close <= lastAllowed).toBe(true);

  const reopens = schedule.reopenAfterDays != null && schedule.stayReopenForDays != null;
  expect(period.ifSubmissionReopens).toBe(reopens);
  if (!reopens) {
    expect(period.submissionsReopen).toBeNull();
    expect(period.submissionsReclose).toBeNull();
    return;
  }
  const reopen = londonMidnightDate(period.submissionsReopen ?? '');
  const reclose = londonMidnightDate(period.submissionsReclose ?? '');
  expect(Date.parse(period.submissionsReopen ?? '')).toBeGreaterThan(Date.parse(period.submissionsClose));
  expect(Date.parse(period.submissionsReclose ?? '')).toBeGreaterThan(
    Date.parse(period.submissionsReopen ?? ''),
  );
  expectCountedDays(close, reopen, schedule.reopenAfterDays ?? 0, schedule.includeWorkingDaysOnly);
  expectCountedDays(reopen, reclose, schedule.stayReopenForDays ?? 0, schedule.includeWorkingDaysOnly);
  expect(reclose <= lastAllowed).toBe(true);
}

describe('generatePeriods properties (2015-2040)', () => {
  it('periods are contiguous, non-overlapping, aligned and cover the schedule', () => {
    fc.assert(
      fc.property(scheduleArbitrary, periodTypeArbitrary, (schedule, periodType) => {
        const periods = generatePeriods(schedule, periodType);
        const first = schedule.firstReportingPeriodStart;
        const last = schedule.lastReportingPeriodStart;
        periods.forEach((period, index) => {
          expect(period.start <= period.end).toBe(true);
          expect(period.start <= last).toBe(true);
          const previous = periods[index - 1];
          if (previous) {
            expect(period.start).toBe(oracleAddDays(previous.end, 1));
            expect(period.start > previous.end).toBe(true);
          }
          const month = period.start.slice(5, 7);
          const nextDay = oracleAddDays(period.end, 1);
          switch (schedule.reportingCycle) {
            case 'daily':
              expect(period.end).toBe(period.start);
              break;
            case 'weekly':
              expect(oracleDaysBetween(period.start, period.end)).toBe(6);
              break;
            case 'monthly':
              expect(period.start.slice(8)).toBe('01');
              expect(nextDay.slice(8)).toBe('01');
              expect(nextDay.slice(5, 7)).not.toBe(month);
              break;
            case 'quarterly':
              expect(['01', '04', '07', '10']).toContain(month);
              expect(period.start.slice(8)).toBe('01');
              expect(nextDay.slice(5, 7)).toBe(String(((Number(month) + 2) % 12) + 1).padStart(2, '0'));
              break;
            case 'annual':
              expect(period.start.slice(5)).toBe(periodType === 'financialYear' ? '04-01' : '01-01');
              expect(nextDay.slice(5)).toBe(period.start.slice(5));
              expect(Number(nextDay.slice(0, 4))).toBe(Number(period.start.slice(0, 4)) + 1);
              break;
            case 'oneTime':
              expect(periods).toHaveLength(1);
              expect(period).toMatchObject({ start: first, end: last });
              break;
          }
        });
        const [firstPeriod] = periods;
        const lastPeriod = periods.at(-1);
        if (firstPeriod) {
          const aligned = ['monthly', 'quarterly', 'annual'].includes(schedule.reportingCycle);
          if (aligned) expect(firstPeriod.start <= first && first <= firstPeriod.end).toBe(true);
          else expect(firstPeriod.start).toBe(first);
        }
        // Far enough from the cap, nothing is dropped: the last period holds the last start.
        if (last <= '2038-12-31') {
          expect(lastPeriod).toBeDefined();
          expect(lastPeriod && lastPeriod.start <= last && last <= lastPeriod.end).toBe(true);
        }
      }),
    );
  });

  it('every deadline is 00:00 London and counts its days exactly (working days skip weekends and holidays)', () => {
    fc.assert(
      fc.property(scheduleArbitrary, periodTypeArbitrary, (schedule, periodType) => {
        for (const period of generatePeriods(schedule, periodType)) checkWindow(period, schedule);
      }),
    );
  });

  it('names are unique', () => {
    fc.assert(
      fc.property(scheduleArbitrary, periodTypeArbitrary, (schedule, periodType) => {
        const names = generatePeriods(schedule, periodType).map((period) => period.name);
        expect(new Set(names).size).toBe(names.length);
      }),
    );
  });
});

/** The last Sunday of a month, by walking back from its last day with Date. */
function lastSunday(year: number, month: number): string {
  const date = new Date(Date.UTC(year, month, 0));
  while (date.getUTCDay() !== 0) date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The UTC instant of 00:00 London on a date, from the UK rule alone: summer time runs from 01:00 UTC on
 * the last Sunday of March to 01:00 UTC on the last Sunday of October, so midnight is 23:00 UTC the day
 * before on the dates after the March Sunday up to and including the October Sunday.
 */
function expectedMidnight(date: string): string {
  const year = Number(date.slice(0, 4));
  const summer = date > lastSunday(year, 3) && date <= lastSunday(year, 10);
  return new Date(Date.parse(`${date}T00:00:00Z`) - (summer ? 3_600_000 : 0)).toISOString();
}

describe('clock changes (last Sundays of March and October, 2015-2040)', () => {
  it('no generated instant is an hour off', () => {
    const around = fc.record({
      year: fc.integer({ min: 2015, max: 2040 }),
      month: fc.constantFrom(3, 10),
      offset: fc.integer({ min: -12, max: 12 }),
      cycle: fc.constantFrom('daily' as const, 'weekly' as const),
      span: fc.integer({ min: 0, max: 21 }),
      daysOpen: fc.integer({ min: 1, max: 6 }),
      includeWorkingDaysOnly: fc.boolean(),
      reopen: fc.integer({ min: 1, max: 4 }),
    });
    fc.assert(
      fc.property(
        around,
        ({ year, month, offset, cycle, span, daysOpen, includeWorkingDaysOnly, reopen }) => {
          const first = oracleAddDays(lastSunday(year, month), offset);
          const schedule: Schedule = {
            reportingCycle: cycle,
            firstReportingPeriodStart: first,
            lastReportingPeriodStart: oracleAddDays(first, span),
            daysOpen,
            includeWorkingDaysOnly,
            reopenAfterDays: reopen,
            stayReopenForDays: reopen,
          };
          for (const period of generatePeriods(schedule, 'financialYear')) {
            for (const instant of [
              period.submissionsOpen,
              period.submissionsClose,
              period.submissionsReopen,
              period.submissionsReclose,
            ]) {
              if (instant === null) continue;
              const londonDate = oracleLondon(instant).date;
              expect(instant).toBe(expectedMidnight(londonDate));
            }
          }
        },
      ),
    );
  });

  it('the oracle itself knows the 2026 changes', () => {
    expect(expectedMidnight('2026-03-29')).toBe('2026-03-29T00:00:00.000Z');
    expect(expectedMidnight('2026-03-30')).toBe('2026-03-29T23:00:00.000Z');
    expect(expectedMidnight('2026-10-25')).toBe('2026-10-24T23:00:00.000Z');
    expect(expectedMidnight('2026-10-26')).toBe('2026-10-26T00:00:00.000Z');
  });
});
