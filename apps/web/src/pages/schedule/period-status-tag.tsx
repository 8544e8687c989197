import type { ReportingPeriodStatus } from '@dcf/domain';

const tagClass: Record<ReportingPeriodStatus, string> = {
  Open: 'nhsuk-tag--green',
  Future: 'nhsuk-tag--blue',
  Closed: 'nhsuk-tag--grey',
};

/** A reporting period's status as an NHS.UK tag. */
export function PeriodStatusTag({ status }: { status: ReportingPeriodStatus }) {
  return <strong className={`nhsuk-tag ${tagClass[status]}`}>{status}</strong>;
}
