import type { PeriodSummary } from '@dcf/domain';
import { lazy, Suspense } from 'react';
import { PeriodStatusTag, Spinner, TableScroll } from '../../components';
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
      <details className="nhsuk-details">
        <summary className="nhsuk-details__summary">
          <span className="nhsuk-details__summary-text">Completeness trend as a table</span>
        </summary>
        <div className="nhsuk-details__text">
          <TableScroll label="Completeness by reporting period">
            <table className="nhsuk-table">
              <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">
                Completeness and timeliness by reporting period
              </caption>
              <thead className="nhsuk-table__head">
                <tr className="nhsuk-table__row">
                  <th scope="col" className="nhsuk-table__header">
                    Reporting period
                  </th>
                  <th scope="col" className="nhsuk-table__header">
                    State
                  </th>
                  <th scope="col" className="nhsuk-table__header">
                    Received
                  </th>
                  <th scope="col" className="nhsuk-table__header">
                    On time
                  </th>
                  <th scope="col" className="nhsuk-table__header">
                    Late
                  </th>
                  <th scope="col" className="nhsuk-table__header">
                    Missed
                  </th>
                </tr>
              </thead>
              <tbody className="nhsuk-table__body">
                {periods.map((p) => (
                  <tr key={p.id} className="nhsuk-table__row">
                    <th scope="row" className="nhsuk-table__cell">
                      {p.name}
                    </th>
                    <td className="nhsuk-table__cell">
                      <PeriodStatusTag status={p.reportingPeriodStatus} />
                    </td>
                    <td className="nhsuk-table__cell">{receivedText(p.counts)}</td>
                    <td className="nhsuk-table__cell">{onTimeText(p.counts)}</td>
                    <td className="nhsuk-table__cell">{p.counts.late.toLocaleString('en-GB')}</td>
                    <td className="nhsuk-table__cell">{p.counts.missed.toLocaleString('en-GB')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      </details>
    </>
  );
}
