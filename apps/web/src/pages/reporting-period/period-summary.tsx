import type { ReportingPeriodDto } from '@dcf/domain';
import type { ReactNode } from 'react';
import { PeriodStatusTag, SummaryRow } from '../../components';
import { deadline, openingTime, periodDate } from '../schedule/period-dates';

/** One reporting period, read only: for those who may see the collection but not change its periods. */
export function PeriodSummary({ period }: { period: ReportingPeriodDto }) {
  const rows: [string, ReactNode][] = [
    ['Name', period.name],
    ['Status', <PeriodStatusTag key="status" status={period.reportingPeriodStatus} />],
    ['Start', periodDate(period.start)],
    ['End', periodDate(period.end)],
    ['Submissions open', openingTime(period.submissionsOpen)],
    ['Deadline', deadline(period.submissionsClose)],
    ...(period.submissionsReopen
      ? ([
          ['Submissions reopen', openingTime(period.submissionsReopen)],
          ['Reopened until', deadline(period.submissionsReclose)],
        ] as [string, ReactNode][])
      : []),
  ];
  return (
    <dl className="nhsuk-summary-list">
      {rows.map(([key, value]) => (
        <SummaryRow key={key} label={key}>
          {value}
        </SummaryRow>
      ))}
    </dl>
  );
}
