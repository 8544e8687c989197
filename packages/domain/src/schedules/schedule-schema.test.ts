import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { defaultSchedulePlaceholder, validateSchedule, wholeNumberMessage } from './schedule-schema';

const valid = {
  reportingCycle: 'monthly',
  firstReportingPeriodStart: '2026-04-01',
  lastReportingPeriodStart: '2027-03-01',
  daysOpen: 5,
  includeWorkingDaysOnly: true,
};

function errorsOf(input: unknown) {
  const result = validateSchedule(input);
  return result.success ? {} : result.errors;
}

describe('schedule schema', () => {
  it('accepts a valid schedule, with or without reopening', () => {
    expect(validateSchedule(valid)).toEqual({ success: true, data: valid });
    expect(validateSchedule({ ...valid, reopenAfterDays: 2, stayReopenForDays: 3 }).success).toBe(true);
    expect(validateSchedule({ ...valid, reopenAfterDays: null, stayReopenForDays: null }).success).toBe(true);
  });

  it('asks for every missing field', () => {
    expect(errorsOf({})).toEqual({
      reportingCycle: [messages.required],
      firstReportingPeriodStart: [messages.required],
      lastReportingPeriodStart: [messages.required],
      daysOpen: [messages.required],
      includeWorkingDaysOnly: [messages.required],
    });
    expect(errorsOf({ ...valid, firstReportingPeriodStart: '' })).toEqual({
      firstReportingPeriodStart: [messages.required],
    });
  });

  it.each([
    ['2026-02-30', messages.invalidDate],
    ['01/04/2026', messages.invalidDate],
    ['2041-01-01', messages.yearTooLate],
  ])('date %s: %s', (value, message) => {
    expect(errorsOf({ ...valid, firstReportingPeriodStart: value, lastReportingPeriodStart: value })).toEqual(
      {
        firstReportingPeriodStart: [message],
        lastReportingPeriodStart: [message],
      },
    );
  });

  it('accepts 31/12/2040 and a leap day', () => {
    expect(validateSchedule({ ...valid, lastReportingPeriodStart: '2040-12-31' }).success).toBe(true);
    expect(
      validateSchedule({
        ...valid,
        firstReportingPeriodStart: '2028-02-29',
        lastReportingPeriodStart: '2028-02-29',
      }).success,
    ).toBe(true);
  });

  it.each([
    [0, messages.minimumOne],
    [-3, messages.minimumOne],
    [32768, messages.daysTooLarge],
    [2.5, wholeNumberMessage],
  ])('daysOpen %s: %s', (value, message) => {
    expect(errorsOf({ ...valid, daysOpen: value })).toEqual({ daysOpen: [message] });
  });

  it('accepts the day limits 1 and 32767', () => {
    expect(validateSchedule({ ...valid, daysOpen: 1 }).success).toBe(true);
    expect(
      validateSchedule({ ...valid, daysOpen: 32767, reopenAfterDays: 32767, stayReopenForDays: 1 }).success,
    ).toBe(true);
  });

  it('wants both reopen values or neither', () => {
    expect(errorsOf({ ...valid, reopenAfterDays: 2 })).toEqual({
      stayReopenForDays: [messages.reopenRequired],
    });
    expect(errorsOf({ ...valid, stayReopenForDays: 2 })).toEqual({
      reopenAfterDays: [messages.reopenRequired],
    });
    expect(errorsOf({ ...valid, reopenAfterDays: 0, stayReopenForDays: 40000 })).toEqual({
      reopenAfterDays: [messages.minimumOne],
      stayReopenForDays: [messages.daysTooLarge],
    });
  });

  it('refuses an unknown cycle and a last start before the first', () => {
    expect(errorsOf({ ...valid, reportingCycle: 'fortnightly' })).toEqual({
      reportingCycle: [messages.required],
    });
    expect(errorsOf({ ...valid, lastReportingPeriodStart: '2026-03-31' })).toEqual({
      lastReportingPeriodStart: [messages.periodEndBeforeStart],
    });
  });

  it('exports the specification placeholder values', () => {
    expect(defaultSchedulePlaceholder).toEqual({
      start: '2015-01-01',
      end: '2015-01-01',
      submissionsReopen: '2015-02-01',
      submissionsReclose: '2015-02-01',
      openTime: '00:00:00',
      closeTime: '00:00:00',
      reopenTime: '00:00:00',
      recloseTime: '00:00:00',
      ifSubmissionReopens: false,
    });
  });
});
