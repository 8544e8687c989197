import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  formatLongDate,
  formatLongDateTime,
  formatMediumDateTime,
  formatShortDate,
  formatSupportDateTime,
  formatWeekdayDate,
  toLondon,
} from './format';

describe('formatting in Europe/London', () => {
  describe('spring clock change (last Sunday of March: 01:00 GMT becomes 02:00 BST)', () => {
    it('shows the last second before the change in GMT', () => {
      expect(formatSupportDateTime('2026-03-29T00:59:59Z')).toBe('29/03/2026 00:59:59');
      expect(formatLongDateTime('2026-03-29T00:59:59Z')).toBe('29 March 2026 at 00:59:59');
    });

    it('shows the first second after the change in BST, an hour ahead of UTC', () => {
      expect(formatSupportDateTime('2026-03-29T01:00:00Z')).toBe('29/03/2026 02:00:00');
      expect(formatMediumDateTime('2026-03-29T01:00:00Z')).toBe('29 March 2026, 02:00');
      expect(formatLongDateTime(new Date('2026-03-29T01:00:00Z'))).toBe('29 March 2026 at 02:00:00');
    });
  });

  describe('autumn clock change (last Sunday of October: 02:00 BST becomes 01:00 GMT)', () => {
    it('shows the last second of BST', () => {
      expect(formatSupportDateTime('2026-10-25T00:59:59Z')).toBe('25/10/2026 01:59:59');
      expect(formatMediumDateTime('2026-10-25T00:59:59Z')).toBe('25 October 2026, 01:59');
    });

    it('shows 01:00 again once the clocks go back', () => {
      expect(formatSupportDateTime('2026-10-25T01:00:00Z')).toBe('25/10/2026 01:00:00');
      expect(formatMediumDateTime(Date.parse('2026-10-25T01:00:00Z'))).toBe('25 October 2026, 01:00');
    });
  });

  it('moves a late-evening UTC instant in summer onto the next London day', () => {
    expect(formatShortDate('2026-06-30T23:30:00Z')).toBe('01/07/2026');
    expect(formatLongDate('2026-06-30T23:30:00Z')).toBe('1 July 2026');
    expect(formatWeekdayDate('2026-06-30T23:30:00Z')).toBe('Wednesday 1 July 2026');
  });

  it('keeps a late-evening UTC instant in winter on the same London day', () => {
    expect(formatShortDate('2026-01-31T23:30:00Z')).toBe('31/01/2026');
  });

  it('reads a calendar date without an offset as a London date, not a UTC instant', () => {
    expect(formatShortDate('2026-04-01')).toBe('01/04/2026');
    expect(formatLongDate('2026-04-01')).toBe('1 April 2026');
    expect(toLondon('2026-04-01')?.toISO()).toBe('2026-04-01T00:00:00.000+01:00');
  });

  it('converts a luxon DateTime from another zone', () => {
    const newYork = DateTime.fromISO('2026-07-01T09:00:00', { zone: 'America/New_York' });
    expect(formatMediumDateTime(newYork)).toBe('1 July 2026, 14:00');
  });

  it('gives the support-desk time as a 24-hour clock, midnight as 00', () => {
    expect(formatSupportDateTime('2026-12-31T00:00:05Z')).toBe('31/12/2026 00:00:05');
    expect(formatSupportDateTime('2026-07-01T11:59:59Z')).toBe('01/07/2026 12:59:59');
  });

  it('agrees with the luxon formats on the London date and time for a year of hourly instants', () => {
    for (let hour = 0; hour < 366 * 24; hour += 7) {
      const instant = Date.UTC(2026, 0, 1) + hour * 3_600_000 + 1234;
      const viaLuxon = toLondon(instant)?.toFormat('dd/MM/yyyy HH:mm:ss');
      expect(formatSupportDateTime(instant)).toBe(viaLuxon);
    }
  });

  it('spells the month in full, the British way', () => {
    expect(formatMediumDateTime('2026-09-07T10:00:00Z')).toBe('7 September 2026, 11:00');
  });

  it('formats empty and invalid input as an empty string', () => {
    expect(formatShortDate(null)).toBe('');
    expect(formatShortDate(undefined)).toBe('');
    expect(formatShortDate('')).toBe('');
    expect(formatShortDate('not a date')).toBe('');
    expect(formatShortDate(new Date(Number.NaN))).toBe('');
    expect(formatShortDate('2026-02-30')).toBe('');
    expect(formatSupportDateTime('not a date')).toBe('');
  });

  it('formats the current time for the support desk by default', () => {
    expect(formatSupportDateTime()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  });
});
