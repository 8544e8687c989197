import type { PeriodCounts } from '@dcf/domain';

/** Received (completed) of expected, as "3 of 8 (38%)". */
export function receivedText(counts: PeriodCounts): string {
  const percent = counts.expected === 0 ? 0 : Math.round((counts.completed / counts.expected) * 100);
  return `${counts.completed.toLocaleString('en-GB')} of ${counts.expected.toLocaleString('en-GB')} (${percent}%)`;
}

/** Share of received returns that came in before the close; empty when none has been received. */
export function onTimeText(counts: PeriodCounts): string {
  if (counts.completed === 0) return '';
  return `${Math.round((counts.onTime / counts.completed) * 100)}%`;
}
