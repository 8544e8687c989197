import { describe, expect, it } from 'vitest';
import { londonTimestamp } from './london-time';

/**
 * What Intl says for each value (the slow way london-time.ts avoids), through another door: Swedish
 * dates and times are written `yyyy-MM-dd HH:mm:ss`.
 */
const swedish = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/London',
  dateStyle: 'short',
  timeStyle: 'medium',
});
const expected = (at: Date) => swedish.format(at);

/** A small seeded generator (mulberry32): the same instants on every run, so a failure repeats. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('londonTimestamp (decision 0026: Intl asked once per UTC hour)', () => {
  it('agrees with Intl on 50,000 random instants from 2020 to 2028', () => {
    const random = seeded(20261127);
    const from = Date.UTC(2020, 0, 1);
    const span = Date.UTC(2029, 0, 1) - from;
    const wrong: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      const at = new Date(from + Math.floor(random() * span));
      const ours = londonTimestamp(at);
      if (ours !== expected(at)) wrong.push(`${at.toISOString()}: ${ours}, Intl ${expected(at)}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('is right each side of both 2026 clock changes, to the second', () => {
    // 29 March 2026 01:00 UTC: 01:00 GMT becomes 02:00 BST; 25 October 2026 01:00 UTC: 02:00 BST becomes 01:00 GMT.
    expect(londonTimestamp(new Date('2026-03-29T00:59:59Z'))).toBe('2026-03-29 00:59:59');
    expect(londonTimestamp(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29 02:00:00');
    expect(londonTimestamp(new Date('2026-10-25T00:59:59Z'))).toBe('2026-10-25 01:59:59');
    expect(londonTimestamp(new Date('2026-10-25T01:00:00Z'))).toBe('2026-10-25 01:00:00');
    for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)])
      for (let s = -7_200; s <= 7_200; s += 1) {
        const at = new Date(change + s * 1000);
        if (londonTimestamp(at) !== expected(at)) expect(londonTimestamp(at)).toBe(expected(at));
      }
  });
});
