import { describe, expect, it } from 'vitest';
import {
  instantMillis,
  instantToLondon,
  lastDayToSubmit,
  londonToInstant,
  parseInstant,
  startOfLondonDay,
} from './london-time';

describe('London wall-clock time', () => {
  it.each([
    // Spring forward: Sunday 29/03/2026 is GMT until 01:00, so midnight that day is still +00:00.
    ['2026-03-28', '2026-03-28T00:00:00.000Z'],
    ['2026-03-29', '2026-03-29T00:00:00.000Z'],
    ['2026-03-30', '2026-03-29T23:00:00.000Z'],
    // Fall back: Sunday 25/10/2026 is BST until 02:00, so midnight that day is +01:00.
    ['2026-10-25', '2026-10-24T23:00:00.000Z'],
    ['2026-10-26', '2026-10-26T00:00:00.000Z'],
    ['2040-12-31', '2040-12-31T00:00:00.000Z'],
  ])('00:00 London on %s is %s', (date, instant) => {
    expect(startOfLondonDay(date)).toBe(instant);
  });

  it('converts a wall-clock time with seconds', () => {
    expect(londonToInstant('2026-07-01', '17:30:15')).toBe('2026-07-01T16:30:15.000Z');
    expect(londonToInstant('2026-01-15', '09:00')).toBe('2026-01-15T09:00:00.000Z');
  });

  it('reads an instant back as London date and time', () => {
    expect(instantToLondon('2026-03-29T23:00:00.000Z')).toEqual({ date: '2026-03-30', time: '00:00:00' });
    expect(instantToLondon(new Date('2026-10-26T00:00:00Z'))).toEqual({
      date: '2026-10-26',
      time: '00:00:00',
    });
  });

  it('reads ISO text without an offset as London time, with one as that instant', () => {
    expect(parseInstant('2026-06-01T09:30')?.toUTC().toISO()).toBe('2026-06-01T08:30:00.000Z');
    expect(parseInstant('2026-06-01')?.toUTC().toISO()).toBe('2026-05-31T23:00:00.000Z');
    expect(parseInstant('2026-06-01T09:30:00Z')?.toUTC().toISO()).toBe('2026-06-01T09:30:00.000Z');
    expect(parseInstant('2026-02-30')).toBeUndefined();
  });

  it('names the last day to submit for an exclusive midnight close', () => {
    expect(lastDayToSubmit('2026-05-08T23:00:00.000Z')).toBe('2026-05-08');
    expect(lastDayToSubmit('2026-10-26T00:00:00.000Z')).toBe('2026-10-25');
  });
});

describe('instantMillis', () => {
  it('reads instants with an offset, a Z, or none (London)', () => {
    expect(instantMillis('2026-05-08T23:00:00.000Z')).toBe(Date.UTC(2026, 4, 8, 23));
    expect(instantMillis('2026-05-09T00:00:00+01:00')).toBe(Date.UTC(2026, 4, 8, 23));
    expect(instantMillis('2026-05-09T00:00')).toBe(Date.UTC(2026, 4, 8, 23));
    expect(instantMillis(new Date(Date.UTC(2026, 0, 1)))).toBe(Date.UTC(2026, 0, 1));
  });

  it('refuses impossible dates that Date.parse would roll over', () => {
    expect(() => instantMillis('2026-02-30T00:00:00Z')).toThrow(RangeError);
    // ISO 8601's 24:00 is the end of the day, which is the next midnight, not a rolled-over error.
    expect(instantMillis('2026-01-01T24:00:00Z')).toBe(Date.UTC(2026, 0, 2));
  });
});
