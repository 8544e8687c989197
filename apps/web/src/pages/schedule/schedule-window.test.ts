import type { ReportingPeriodStatus } from '@dcf/domain';
import { describe, expect, it } from 'vitest';
import { initialRange, scheduleWindow, sortBySubmissionsOpen } from './schedule-window';

/** Monthly periods opening on the 1st of consecutive months of 2026, with the given statuses. */
function periods(statuses: string) {
  return [...statuses].map((code, index) => ({
    name: `P${index + 1}`,
    submissionsOpen: new Date(Date.UTC(2026, index, 1)).toISOString(),
    reportingPeriodStatus: ({ C: 'Closed', O: 'Open', F: 'Future' } as const)[
      code as 'C' | 'O' | 'F'
    ] satisfies ReportingPeriodStatus,
  }));
}
const names = (list: { name: string }[]) => list.map((p) => p.name);

describe('scheduleWindow', () => {
  it('shows the open periods and hides earlier and later ones', () => {
    const window = scheduleWindow(periods('CCCCCOOFFFFF'), 0, 0);
    expect(names(window.visible)).toEqual(['P6', 'P7']);
    expect(window.hiddenEarlier).toBe(5);
    expect(window.hiddenLater).toBe(5);
  });

  it("reveals 3 more for each 'Show earlier' and 'Show later', stopping at the ends", () => {
    const list = periods('CCCCCOOFFFFF');
    expect(names(scheduleWindow(list, 1, 0).visible)).toEqual(['P3', 'P4', 'P5', 'P6', 'P7']);
    expect(scheduleWindow(list, 1, 0).hiddenEarlier).toBe(2);
    expect(scheduleWindow(list, 2, 0).hiddenEarlier).toBe(0);
    expect(names(scheduleWindow(list, 2, 0).visible)[0]).toBe('P1');
    expect(names(scheduleWindow(list, 0, 1).visible)).toEqual(['P6', 'P7', 'P8', 'P9', 'P10']);
    const all = scheduleWindow(list, 5, 5);
    expect(all.visible).toHaveLength(12);
    expect([all.hiddenEarlier, all.hiddenLater]).toEqual([0, 0]);
  });

  it('sorts by submissionsOpen, whatever order the periods come in', () => {
    const list = periods('CCOFF').reverse();
    expect(names(sortBySubmissionsOpen(list))).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
    expect(names(scheduleWindow(list, 0, 0).visible)).toEqual(['P3']);
    expect(names(scheduleWindow(list, 1, 1).visible)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
  });

  it('with none open, starts from the closed and future periods nearest now', () => {
    const window = scheduleWindow(periods('CCCCFFFF'), 0, 0);
    expect(names(window.visible)).toEqual(['P4', 'P5']);
    expect([window.hiddenEarlier, window.hiddenLater]).toEqual([3, 3]);
  });

  it('with only closed periods shows the latest; with only future ones the first', () => {
    expect(names(scheduleWindow(periods('CCCC'), 0, 0).visible)).toEqual(['P4']);
    expect(names(scheduleWindow(periods('FFFF'), 0, 0).visible)).toEqual(['P1']);
    expect(scheduleWindow(periods('FFFF'), 0, 1).hiddenLater).toBe(0);
  });

  it('keeps a closed period that opened between two open ones (a reopened window)', () => {
    expect(names(scheduleWindow(periods('COCOF'), 0, 0).visible)).toEqual(['P2', 'P3', 'P4']);
  });

  it('handles no periods', () => {
    expect(scheduleWindow([], 1, 1)).toEqual({ visible: [], hiddenEarlier: 0, hiddenLater: 0 });
    expect(initialRange([])).toEqual({ from: 0, to: 0 });
  });
});
