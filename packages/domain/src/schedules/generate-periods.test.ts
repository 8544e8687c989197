import { describe, expect, it } from 'vitest';
import type { PeriodType } from '../enums';
import { type GeneratedPeriod, generatePeriods } from './generate-periods';
import type { Schedule } from './schedule-schema';

/**
 * Every expected value below was worked out by hand from a calendar and the gov.uk bank-holiday list,
 * then written as the UTC instant of 00:00 London (BST is UTC+1 from the last Sunday of March to the last
 * Sunday of October). None was copied from the engine's output.
 */

function schedule(overrides: Partial<Schedule> & Pick<Schedule, 'reportingCycle'>): Schedule {
  return {
    firstReportingPeriodStart: '2026-04-01',
    lastReportingPeriodStart: '2026-04-01',
    daysOpen: 5,
    includeWorkingDaysOnly: false,
    ...overrides,
  };
}

/** The one period of a schedule starting `start`, open `daysOpen` working days. */
function oneWorkingDaysPeriod(
  reportingCycle: Schedule['reportingCycle'],
  start: string,
  daysOpen: number,
  periodType: PeriodType,
) {
  return generatePeriods(
    schedule({
      reportingCycle,
      firstReportingPeriodStart: start,
      lastReportingPeriodStart: start,
      daysOpen,
      includeWorkingDaysOnly: true,
    }),
    periodType,
  );
}

/** The deadline fields only, for compact expectations. */
function windows(periods: GeneratedPeriod[]) {
  return periods.map(({ name, start, end, submissionsOpen, submissionsClose }) => ({
    name,
    start,
    end,
    submissionsOpen,
    submissionsClose,
  }));
}

describe('generatePeriods: monthly', () => {
  it('April 2026, 5 working days, reopening: skips the early May bank holiday', () => {
    const periods = generatePeriods(
      schedule({
        reportingCycle: 'monthly',
        includeWorkingDaysOnly: true,
        reopenAfterDays: 1,
        stayReopenForDays: 2,
      }),
      'financialYear',
    );
    expect(periods).toEqual([
      {
        name: 'April 2026',
        start: '2026-04-01',
        end: '2026-04-30',
        // Opens 00:00 Fri 01/05; days 1-5: Fri 01, Tue 05, Wed 06, Thu 07, Fri 08 (Mon 04 is a holiday).
        submissionsOpen: '2026-04-30T23:00:00.000Z',
        submissionsClose: '2026-05-08T23:00:00.000Z',
        // Closed for 1 working day (Mon 11), reopens 00:00 Tue 12, open Tue 12 and Wed 13, recloses Thu 14.
        submissionsReopen: '2026-05-11T23:00:00.000Z',
        submissionsReclose: '2026-05-13T23:00:00.000Z',
        ifSubmissionReopens: true,
      },
    ]);
  });

  it('February in a leap year (2024), 5 working days, GMT', () => {
    const [february] = oneWorkingDaysPeriod('monthly', '2024-02-01', 5, 'calendarYear');
    expect(february).toEqual({
      name: 'February 2024',
      start: '2024-02-01',
      end: '2024-02-29',
      submissionsOpen: '2024-03-01T00:00:00.000Z',
      submissionsClose: '2024-03-08T00:00:00.000Z',
      submissionsReopen: null,
      submissionsReclose: null,
      ifSubmissionReopens: false,
    });
  });

  it('February in an ordinary year (2026), 5 calendar days', () => {
    expect(
      windows(
        generatePeriods(
          schedule({
            reportingCycle: 'monthly',
            firstReportingPeriodStart: '2026-02-01',
            lastReportingPeriodStart: '2026-02-01',
          }),
          'financialYear',
        ),
      ),
    ).toEqual([
      {
        name: 'February 2026',
        start: '2026-02-01',
        end: '2026-02-28',
        submissionsOpen: '2026-03-01T00:00:00.000Z',
        submissionsClose: '2026-03-06T00:00:00.000Z',
      },
    ]);
  });

  it('March 2026 over Easter: 5 working days skip Good Friday, the weekend and Easter Monday', () => {
    const input = { reportingCycle: 'monthly' as const, firstReportingPeriodStart: '2026-03-01' };
    const [working] = generatePeriods(
      schedule({ ...input, lastReportingPeriodStart: '2026-03-01', includeWorkingDaysOnly: true }),
      'financialYear',
    );
    expect(working?.submissionsOpen).toBe('2026-03-31T23:00:00.000Z');
    expect(working?.submissionsClose).toBe('2026-04-09T23:00:00.000Z');
    const [calendar] = generatePeriods(
      schedule({ ...input, lastReportingPeriodStart: '2026-03-01' }),
      'financialYear',
    );
    expect(calendar?.submissionsClose).toBe('2026-04-05T23:00:00.000Z');
  });

  it('December 2022: New Year substitute day (Mon 02/01/2023) is skipped', () => {
    const [december] = oneWorkingDaysPeriod('monthly', '2022-12-01', 3, 'calendarYear');
    expect(december?.submissionsOpen).toBe('2023-01-01T00:00:00.000Z');
    expect(december?.submissionsClose).toBe('2023-01-06T00:00:00.000Z');
  });

  it('snaps a first start on a bank holiday (Mon 04/05/2026) to its month', () => {
    const periods = generatePeriods(
      schedule({
        reportingCycle: 'monthly',
        firstReportingPeriodStart: '2026-05-04',
        lastReportingPeriodStart: '2026-06-15',
      }),
      'financialYear',
    );
    expect(periods.map((period) => [period.name, period.start, period.end])).toEqual([
      ['May 2026', '2026-05-01', '2026-05-31'],
      ['June 2026', '2026-06-01', '2026-06-30'],
    ]);
  });

  it('calendar-day reopening: closed 5 days, open again 3 days', () => {
    const [april] = generatePeriods(
      schedule({ reportingCycle: 'monthly', daysOpen: 10, reopenAfterDays: 5, stayReopenForDays: 3 }),
      'financialYear',
    );
    expect(april?.submissionsClose).toBe('2026-05-10T23:00:00.000Z');
    expect(april?.submissionsReopen).toBe('2026-05-15T23:00:00.000Z');
    expect(april?.submissionsReclose).toBe('2026-05-18T23:00:00.000Z');
  });
});

describe('generatePeriods: weekly and daily', () => {
  it('Christmas 2021: both substitute days and the New Year substitute are skipped', () => {
    const periods = oneWorkingDaysPeriod('weekly', '2021-12-20', 4, 'calendarYear');
    // Opens Mon 27/12 (holiday); Tue 28 (holiday); Wed 29, Thu 30, Fri 31, Tue 04/01 (Mon 03 holiday).
    expect(windows(periods)).toEqual([
      {
        name: 'Week commencing 20/12/2021',
        start: '2021-12-20',
        end: '2021-12-26',
        submissionsOpen: '2021-12-27T00:00:00.000Z',
        submissionsClose: '2022-01-05T00:00:00.000Z',
      },
    ]);
  });

  it('Christmas 2022: Boxing Day and the Christmas substitute (Tue 27/12) are skipped', () => {
    const [friday] = oneWorkingDaysPeriod('daily', '2022-12-23', 1, 'financialYear');
    expect(friday?.name).toBe('23/12/2022');
    expect(friday?.submissionsOpen).toBe('2022-12-24T00:00:00.000Z');
    expect(friday?.submissionsClose).toBe('2022-12-29T00:00:00.000Z');
  });

  it('a daily schedule starting on Good Friday 2026', () => {
    const [goodFriday] = oneWorkingDaysPeriod('daily', '2026-04-03', 1, 'financialYear');
    // Opens 00:00 Sat 04/04; the first working day is Tue 07/04, so it closes 00:00 Wed 08/04.
    expect(goodFriday?.submissionsOpen).toBe('2026-04-03T23:00:00.000Z');
    expect(goodFriday?.submissionsClose).toBe('2026-04-07T23:00:00.000Z');
  });

  it('a weekly schedule starting on Christmas Day 2026 opens on New Year’s Day 2027', () => {
    const periods = oneWorkingDaysPeriod('weekly', '2026-12-25', 2, 'calendarYear');
    expect(windows(periods)).toEqual([
      {
        name: 'Week commencing 25/12/2026',
        start: '2026-12-25',
        end: '2026-12-31',
        submissionsOpen: '2027-01-01T00:00:00.000Z',
        submissionsClose: '2027-01-06T00:00:00.000Z',
      },
    ]);
  });

  it('weekly over Easter 2027 and the spring clock change', () => {
    const [week] = oneWorkingDaysPeriod('weekly', '2027-03-22', 3, 'financialYear');
    // Ends Sun 28/03 (clocks forward); opens 00:00 BST Mon 29 (Easter Monday); Tue 30, Wed 31, Thu 01/04.
    expect(week?.submissionsOpen).toBe('2027-03-28T23:00:00.000Z');
    expect(week?.submissionsClose).toBe('2027-04-01T23:00:00.000Z');
  });

  it('keeps midnight London across the spring clock change (29/03/2026)', () => {
    const periods = generatePeriods(
      schedule({
        reportingCycle: 'daily',
        firstReportingPeriodStart: '2026-03-28',
        lastReportingPeriodStart: '2026-03-29',
        daysOpen: 1,
      }),
      'calendarYear',
    );
    expect(periods.map((period) => [period.submissionsOpen, period.submissionsClose])).toEqual([
      ['2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z'],
      ['2026-03-29T23:00:00.000Z', '2026-03-30T23:00:00.000Z'],
    ]);
  });

  it('keeps midnight London across the autumn clock change (25/10/2026), reopen included', () => {
    const periods = generatePeriods(
      schedule({
        reportingCycle: 'daily',
        firstReportingPeriodStart: '2026-10-24',
        lastReportingPeriodStart: '2026-10-25',
        daysOpen: 1,
      }),
      'calendarYear',
    );
    expect(periods.map((period) => [period.submissionsOpen, period.submissionsClose])).toEqual([
      ['2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z'],
      ['2026-10-26T00:00:00.000Z', '2026-10-27T00:00:00.000Z'],
    ]);
    const [reopening] = generatePeriods(
      schedule({
        reportingCycle: 'daily',
        firstReportingPeriodStart: '2026-10-20',
        lastReportingPeriodStart: '2026-10-20',
        daysOpen: 2,
        reopenAfterDays: 2,
        stayReopenForDays: 2,
      }),
      'calendarYear',
    );
    expect(reopening).toMatchObject({
      submissionsOpen: '2026-10-20T23:00:00.000Z',
      submissionsClose: '2026-10-22T23:00:00.000Z',
      submissionsReopen: '2026-10-24T23:00:00.000Z',
      submissionsReclose: '2026-10-27T00:00:00.000Z',
    });
  });
});

describe('generatePeriods: quarterly, annual and one-time in both year types', () => {
  const quarters = (periodType: PeriodType) =>
    windows(
      generatePeriods(
        schedule({
          reportingCycle: 'quarterly',
          firstReportingPeriodStart: '2026-04-01',
          lastReportingPeriodStart: '2027-01-01',
          daysOpen: 10,
        }),
        periodType,
      ),
    );
  const quarterDates = [
    ['2026-04-01', '2026-06-30', '2026-06-30T23:00:00.000Z', '2026-07-10T23:00:00.000Z'],
    ['2026-07-01', '2026-09-30', '2026-09-30T23:00:00.000Z', '2026-10-10T23:00:00.000Z'],
    ['2026-10-01', '2026-12-31', '2027-01-01T00:00:00.000Z', '2027-01-11T00:00:00.000Z'],
    ['2027-01-01', '2027-03-31', '2027-03-31T23:00:00.000Z', '2027-04-10T23:00:00.000Z'],
  ] as const;

  it.each([
    ['financialYear', ['Q1 2026/27', 'Q2 2026/27', 'Q3 2026/27', 'Q4 2026/27']],
    ['calendarYear', ['Q2 2026', 'Q3 2026', 'Q4 2026', 'Q1 2027']],
  ] as const)('quarterly (%s)', (periodType, names) => {
    expect(quarters(periodType)).toEqual(
      quarterDates.map(([start, end, submissionsOpen, submissionsClose], index) => ({
        name: names[index],
        start,
        end,
        submissionsOpen,
        submissionsClose,
      })),
    );
  });

  it('annual (financialYear), 20 working days', () => {
    const periods = generatePeriods(
      schedule({
        reportingCycle: 'annual',
        firstReportingPeriodStart: '2025-04-01',
        lastReportingPeriodStart: '2026-04-01',
        daysOpen: 20,
        includeWorkingDaysOnly: true,
      }),
      'financialYear',
    );
    expect(windows(periods)).toEqual([
      {
        name: '2025/26',
        start: '2025-04-01',
        end: '2026-03-31',
        // April 2026 has exactly 20 working days (Good Friday and Easter Monday fall in it).
        submissionsOpen: '2026-03-31T23:00:00.000Z',
        submissionsClose: '2026-04-30T23:00:00.000Z',
      },
      {
        name: '2026/27',
        start: '2026-04-01',
        end: '2027-03-31',
        // Easter 2027 is in March, so April 2027's 20th working day is Wed 28.
        submissionsOpen: '2027-03-31T23:00:00.000Z',
        submissionsClose: '2027-04-28T23:00:00.000Z',
      },
    ]);
  });

  it('annual (calendarYear), snapped from March, opening on a bank holiday', () => {
    const periods = oneWorkingDaysPeriod('annual', '2026-03-01', 3, 'calendarYear');
    expect(windows(periods)).toEqual([
      {
        name: '2026',
        start: '2026-01-01',
        end: '2026-12-31',
        submissionsOpen: '2027-01-01T00:00:00.000Z',
        submissionsClose: '2027-01-07T00:00:00.000Z',
      },
    ]);
  });

  it.each(['financialYear', 'calendarYear'] as const)('oneTime (%s)', (periodType) => {
    const periods = generatePeriods(
      schedule({
        reportingCycle: 'oneTime',
        firstReportingPeriodStart: '2026-04-15',
        lastReportingPeriodStart: '2026-09-30',
        daysOpen: 7,
      }),
      periodType,
    );
    expect(windows(periods)).toEqual([
      {
        name: '15/04/2026 to 30/09/2026',
        start: '2026-04-15',
        end: '2026-09-30',
        submissionsOpen: '2026-09-30T23:00:00.000Z',
        submissionsClose: '2026-10-07T23:00:00.000Z',
      },
    ]);
  });
});

describe('generatePeriods: the 2040 cap', () => {
  it('stops before a period whose window would reach 2041', () => {
    const periods = generatePeriods(
      schedule({
        reportingCycle: 'daily',
        firstReportingPeriodStart: '2040-12-25',
        lastReportingPeriodStart: '2040-12-31',
        daysOpen: 1,
      }),
      'calendarYear',
    );
    expect(periods.map((period) => period.name)).toEqual([
      '25/12/2040',
      '26/12/2040',
      '27/12/2040',
      '28/12/2040',
      '29/12/2040',
    ]);
    expect(periods.at(-1)?.submissionsClose).toBe('2040-12-31T00:00:00.000Z');
  });

  it('drops December 2040 (opens in 2041) and the 2040/41 financial year', () => {
    const monthly = schedule({
      reportingCycle: 'monthly',
      firstReportingPeriodStart: '2040-10-01',
      lastReportingPeriodStart: '2040-12-01',
    });
    expect(generatePeriods(monthly, 'financialYear').map((period) => period.name)).toEqual([
      'October 2040',
      'November 2040',
    ]);
    const annual = schedule({
      reportingCycle: 'annual',
      firstReportingPeriodStart: '2039-04-01',
      lastReportingPeriodStart: '2040-12-31',
    });
    expect(generatePeriods(annual, 'financialYear').map((period) => period.name)).toEqual(['2039/40']);
  });

  it('generates nothing when every deadline is past 2040 (32767 working days)', () => {
    const periods = generatePeriods(
      schedule({
        reportingCycle: 'daily',
        firstReportingPeriodStart: '2015-01-01',
        lastReportingPeriodStart: '2040-12-31',
        daysOpen: 32767,
        includeWorkingDaysOnly: true,
      }),
      'calendarYear',
    );
    expect(periods).toEqual([]);
  });

  it('generates nothing when the last start is before the first', () => {
    expect(
      generatePeriods(
        schedule({ reportingCycle: 'monthly', lastReportingPeriodStart: '2026-03-01' }),
        'financialYear',
      ),
    ).toEqual([]);
  });
});
