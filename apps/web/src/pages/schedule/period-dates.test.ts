import { describe, expect, it } from 'vitest';
import { deadline, openingTime, periodDate } from './period-dates';

describe('period dates (en-GB, Europe/London)', () => {
  it('shows a period boundary as a date in words', () => {
    expect(periodDate('2026-04-01')).toBe('1 April 2026');
  });

  it('shows instants in London time on both sides of a clock change', () => {
    expect(openingTime('2026-03-01T00:00:00.000Z')).toBe('1 March 2026, 00:00');
    expect(openingTime('2026-03-31T23:00:00.000Z')).toBe('1 April 2026, 00:00');
    expect(openingTime(null)).toBe('');
  });

  it('reads an exclusive midnight close as the end of the day before', () => {
    // 00:00 BST on Saturday 9 May 2026 = 23:00 UTC on the 8th.
    expect(deadline('2026-05-08T23:00:00.000Z')).toBe('End of Friday 8 May 2026');
    // 00:00 GMT on Tuesday 27 October 2026, just after the clocks go back.
    expect(deadline('2026-10-27T00:00:00.000Z')).toBe('End of Monday 26 October 2026');
  });

  it('shows any other close time as it is', () => {
    expect(deadline('2026-05-08T16:00:00.000Z')).toBe('8 May 2026, 17:00');
    expect(deadline(null)).toBe('');
  });
});
