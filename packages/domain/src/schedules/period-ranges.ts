import type { PeriodType, ReportingCycle } from '../enums';
import { addDays, addMonthsToMonthStart, formatIsoDate, mustParse } from './calendar-date';

/** A reporting period's calendar dates, both included. */
export interface PeriodRange {
  start: string;
  end: string;
}

/**
 * The calendar ranges a schedule covers, in order.
 *
 * - daily: every day from the first start to the last start.
 * - weekly: 7-day periods from the first start (any weekday), while the start is on or before the last start.
 * - monthly, quarterly, annual: aligned periods. A first or last start that is not on a boundary is
 *   snapped back to the start of the period containing it, so "first start 15/05/2026, monthly" gives
 *   May 2026 (01/05-31/05), never 15/05-14/06: the product's periods are calendar months, quarters and
 *   years, and a part-period would not match any national return. Quarters start in January, April,
 *   July and October in both year types (only their names differ); a financial year runs April-March.
 * - oneTime: one period from the first start to the last start date.
 */
export function periodRanges(
  cycle: ReportingCycle,
  periodType: PeriodType,
  first: string,
  last: string,
): PeriodRange[] {
  if (last < first) return [];
  switch (cycle) {
    case 'daily':
      return stepDays(first, last, 1);
    case 'weekly':
      return stepDays(first, last, 7);
    case 'monthly':
      return stepMonths(alignedStart(first, 1, 1), last, 1);
    case 'quarterly':
      return stepMonths(alignedStart(first, 3, 1), last, 3);
    case 'annual':
      return stepMonths(alignedStart(first, 12, periodType === 'financialYear' ? 4 : 1), last, 12);
    case 'oneTime':
      return [{ start: first, end: last }];
  }
}

function stepDays(first: string, last: string, length: number): PeriodRange[] {
  const ranges: PeriodRange[] = [];
  for (let start = first; start <= last; start = addDays(start, length)) {
    ranges.push({ start, end: addDays(start, length - 1) });
  }
  return ranges;
}

function stepMonths(first: string, last: string, months: number): PeriodRange[] {
  const ranges: PeriodRange[] = [];
  for (let start = first; start <= last; start = addMonthsToMonthStart(start, months)) {
    ranges.push({ start, end: addDays(addMonthsToMonthStart(start, months), -1) });
  }
  return ranges;
}

/**
 * The first day of the `months`-long period containing `date`, where periods start in `anchorMonth`
 * (1 = January) and every `months` after it.
 */
function alignedStart(date: string, months: number, anchorMonth: number): string {
  const { year, month } = mustParse(date);
  const index = year * 12 + (month - 1) - (anchorMonth - 1);
  const startIndex = index - (((index % months) + months) % months) + (anchorMonth - 1);
  return formatIsoDate({ year: Math.floor(startIndex / 12), month: (startIndex % 12) + 1, day: 1 });
}
