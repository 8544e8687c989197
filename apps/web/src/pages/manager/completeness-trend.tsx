import type { PeriodSummary } from '@dcf/domain';
import { lazy, Suspense } from 'react';
import { DataTable, Details, PeriodStatusTag, Spinner } from '../../components';
import { onTimeText, receivedText } from './period-counts';

const CompletenessTrendChart = lazy(() => import('./completeness-trend-chart'));

/** Completeness and timeliness across the collection's latest periods: a chart and the same as a table. */
export function CompletenessTrend({ periods }: { periods: readonly PeriodSummary[] }) {
  if (periods.length === 0) return <p className="nhsuk-body">No period has opened yet.</p>;
  return (
    <>
      <Suspense fallback={<Spinner block />}>
        <CompletenessTrendChart periods={periods} />
      </Suspense>
      <Details summary="Completeness trend as a table">
        <DataTable
          caption="Completeness and timeliness by reporting period"
          rows={periods}
          rowKey={(p) => p.id}
          columns={[
            { key: 'name', header: 'Reporting period', rowHeader: true, cell: (p) => p.name },
            {
              key: 'state',
              header: 'State',
              cell: (p) => <PeriodStatusTag status={p.reportingPeriodStatus} />,
            },
            { key: 'received', header: 'Received', cell: (p) => receivedText(p.counts) },
            { key: 'onTime', header: 'On time', cell: (p) => onTimeText(p.counts) },
            { key: 'late', header: 'Late', cell: (p) => p.counts.late.toLocaleString('en-GB') },
            { key: 'missed', header: 'Missed', cell: (p) => p.counts.missed.toLocaleString('en-GB') },
          ]}
        />
      </Details>
    </>
  );
}
