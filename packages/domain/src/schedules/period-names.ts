import type { PeriodType, ReportingCycle } from '../enums';
import { formatUkDate, mustParse } from './calendar-date';
import type { PeriodRange } from './period-ranges';

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A period's name as NHS teams write it: `06/04/2026` (daily), `Week commencing 06/04/2026`,
 * `April 2026`, `Q1 2026/27` or `Q1 2026` (quarterly), `2026/27` or `2026` (annual),
 * and `01/04/2026 to 31/03/2027` for a one-time period (the spec gives no form for it).
 * Financial quarters count from April: Q1 is April-June, Q4 is January-March of the following year.
 */
export function periodName(cycle: ReportingCycle, periodType: PeriodType, range: PeriodRange): string {
  const { year, month } = mustParse(range.start);
  const financialYear = month >= 4 ? year : year - 1;
  switch (cycle) {
    case 'daily':
      return formatUkDate(range.start);
    case 'weekly':
      return `Week commencing ${formatUkDate(range.start)}`;
    case 'monthly':
      return `${monthNames[month - 1]} ${year}`;
    case 'quarterly':
      return periodType === 'financialYear'
        ? `Q${Math.floor(((month + 8) % 12) / 3) + 1} ${financialYearLabel(financialYear)}`
        : `Q${Math.floor((month - 1) / 3) + 1} ${year}`;
    case 'annual':
      return periodType === 'financialYear' ? financialYearLabel(financialYear) : String(year);
    case 'oneTime':
      return range.start === range.end
        ? formatUkDate(range.start)
        : `${formatUkDate(range.start)} to ${formatUkDate(range.end)}`;
  }
}

/** `2026/27`: the year it starts and the last two digits of the year it ends. */
export function financialYearLabel(startYear: number): string {
  return `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`;
}
