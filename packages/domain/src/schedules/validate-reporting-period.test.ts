import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  normaliseReportingPeriod,
  type ReportingPeriodInput,
  validateReportingPeriod,
} from './validate-reporting-period';

/** April 2026 as the form sends it: dates with London times. */
const form: ReportingPeriodInput = {
  name: 'April 2026',
  start: '2026-04-01',
  end: '2026-04-30',
  submissionsOpen: '2026-05-01',
  openTime: '00:00',
  submissionsClose: '2026-05-08',
  closeTime: '17:00:00',
  ifSubmissionReopens: false,
};

/** The same period as the API body sends it: instants. */
const body: ReportingPeriodInput = {
  name: 'April 2026',
  start: '2026-04-01',
  end: '2026-04-30',
  submissionsOpen: '2026-04-30T23:00:00.000Z',
  submissionsClose: '2026-05-08T16:00:00.000Z',
};

describe('validateReportingPeriod', () => {
  it('accepts a valid period in either shape', () => {
    expect(validateReportingPeriod(form, [])).toEqual({});
    expect(validateReportingPeriod(body, [])).toEqual({});
  });

  it('reads form dates and times as London wall-clock', () => {
    expect(normaliseReportingPeriod(form)).toEqual({
      name: 'April 2026',
      start: '2026-04-01',
      end: '2026-04-30',
      submissionsOpen: '2026-04-30T23:00:00.000Z',
      submissionsClose: '2026-05-08T16:00:00.000Z',
      submissionsReopen: null,
      submissionsReclose: null,
      ifSubmissionReopens: false,
    });
  });

  it('asks for every required field', () => {
    expect(validateReportingPeriod({}, [])).toEqual({
      name: [messages.required],
      start: [messages.required],
      end: [messages.required],
      submissionsOpen: [messages.required],
      submissionsClose: [messages.required],
    });
  });

  it('refuses a duplicate start and end, but not the period itself', () => {
    const existing = [{ id: 7, start: '2026-04-01', end: '2026-04-30' }];
    expect(validateReportingPeriod(body, existing)).toEqual({ start: [messages.periodDuplicate] });
    expect(validateReportingPeriod({ ...body, id: 7 }, existing)).toEqual({});
    expect(validateReportingPeriod({ ...body, id: '7' }, existing)).toEqual({});
  });

  it('refuses an end before the start (the same day is fine)', () => {
    expect(validateReportingPeriod({ ...body, end: '2026-03-31' }, [])).toEqual({
      end: [messages.periodEndBeforeStart],
    });
    expect(validateReportingPeriod({ ...body, end: '2026-04-01' }, [])).toEqual({});
  });

  it('refuses opening before the start date (00:00 London on it is fine)', () => {
    expect(validateReportingPeriod({ ...body, submissionsOpen: '2026-03-31T22:59:59Z' }, [])).toEqual({
      submissionsOpen: [messages.periodOpenBeforeStart],
    });
    expect(validateReportingPeriod({ ...body, submissionsOpen: '2026-03-31T23:00:00Z' }, [])).toEqual({});
  });

  it('refuses closing before the start date and before opening', () => {
    expect(validateReportingPeriod({ ...form, submissionsClose: '2026-03-15' }, [])).toEqual({
      submissionsClose: [messages.periodCloseBeforeStart, messages.periodCloseBeforeOpen],
    });
    expect(validateReportingPeriod({ ...form, submissionsClose: '2026-04-20' }, [])).toEqual({
      submissionsClose: [messages.periodCloseBeforeOpen],
    });
  });

  describe('reopening', () => {
    const reopening = {
      ...form,
      ifSubmissionReopens: true,
      submissionsReopen: '2026-05-12',
      reopenTime: '00:00',
      submissionsReclose: '2026-05-14',
      recloseTime: '00:00',
    };

    it('accepts reopen after close and reclose after reopen', () => {
      expect(validateReportingPeriod(reopening, [])).toEqual({});
      expect(normaliseReportingPeriod(reopening)).toMatchObject({
        submissionsReopen: '2026-05-11T23:00:00.000Z',
        submissionsReclose: '2026-05-13T23:00:00.000Z',
        ifSubmissionReopens: true,
      });
    });

    it('wants both values when the submission reopens', () => {
      expect(
        validateReportingPeriod({ ...reopening, submissionsReopen: '', submissionsReclose: undefined }, []),
      ).toEqual({
        submissionsReopen: [messages.reopenRequired],
        submissionsReclose: [messages.reopenRequired],
      });
    });

    it('infers reopening from the values when the flag is absent (API body)', () => {
      expect(validateReportingPeriod({ ...body, submissionsReopen: '2026-05-11T23:00:00Z' }, [])).toEqual({
        submissionsReclose: [messages.reopenRequired],
      });
    });

    it('ignores reopen values when the flag is false', () => {
      expect(
        validateReportingPeriod({ ...reopening, ifSubmissionReopens: false, submissionsReopen: 'x' }, []),
      ).toEqual({});
    });

    it('reopen must be strictly after close, reclose strictly after reopen', () => {
      expect(
        validateReportingPeriod({ ...reopening, submissionsReopen: '2026-05-08', reopenTime: '17:00' }, []),
      ).toEqual({ submissionsReopen: [messages.periodReopenNotAfterClose] });
      expect(validateReportingPeriod({ ...reopening, submissionsReclose: '2026-05-12' }, [])).toEqual({
        submissionsReclose: [messages.periodRecloseNotAfterReopen],
      });
    });
  });

  it('checks dates, times and the 2040 limit', () => {
    expect(
      validateReportingPeriod(
        {
          ...form,
          start: '2026-02-30',
          end: '2041-01-01',
          submissionsOpen: '31/05/2026',
          closeTime: '24:00',
        },
        [],
      ),
    ).toEqual({
      start: [messages.invalidDate],
      end: [messages.yearTooLate],
      submissionsOpen: [messages.invalidDate],
      closeTime: [messages.invalidTime],
    });
    expect(validateReportingPeriod({ ...body, submissionsClose: '2041-01-01T00:00:00Z' }, [])).toEqual({
      submissionsClose: [messages.yearTooLate],
    });
    expect(validateReportingPeriod({ ...body, submissionsClose: '2026-W19' }, [])).toEqual({
      submissionsClose: [messages.invalidDate],
    });
  });

  it('normaliseReportingPeriod refuses an invalid period', () => {
    expect(() => normaliseReportingPeriod({ ...body, end: '2026-03-01' })).toThrow(RangeError);
  });
});
