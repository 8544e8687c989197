import { messages, type ReportingPeriodDto } from '@dcf/domain';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useReportingPeriods } from '../../api/reporting-periods';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import { Breadcrumbs, PageContainer, PeriodStatusTag, QueryState, TableScroll } from '../../components';
import { deadline, openingTime, periodDate } from './period-dates';
import { scheduleWindow } from './schedule-window';

/**
 * Schedule (route: /schedule/{collectionId}/{action?}): the collection's reporting periods sorted by
 * submissionsOpen, the open ones shown and 'Show earlier' / 'Show later' revealing 3 more each.
 */
export function SchedulePage() {
  const { collectionId: rawId } = useParams();
  const collectionId = rawId && /^\d+$/.test(rawId) ? Number(rawId) : undefined;
  const periods = useReportingPeriods(collectionId);
  const title = 'Schedule';
  return (
    <PageContainer
      title={title}
      breadcrumbs={
        <Breadcrumbs items={[{ text: 'Manage collections', href: paths.managerHome }, { text: title }]} />
      }
    >
      {collectionId === undefined ? (
        <p className="nhsuk-body">This collection does not exist.</p>
      ) : (
        <>
          <ScheduleLinks collectionId={collectionId} />
          <QueryState query={periods} emptyMessage={messages.noScheduledPeriods}>
            {(data) => <ScheduleTable periods={data} />}
          </QueryState>
        </>
      )}
    </PageContainer>
  );
}

function ScheduleLinks({ collectionId }: { collectionId: number }) {
  const user = useUser();
  if (!user.isCollectionManager && !user.isCollectionAdmin && !user.isSuperAdmin) return null;
  return (
    <p className="nhsuk-body">
      <Link to={paths.amendCollection(collectionId, 'schedule')}>Edit the schedule</Link>
      {' | '}
      <Link to={paths.reportingPeriods(collectionId)}>Change periods one by one</Link>
    </p>
  );
}

export function ScheduleTable({ periods }: { periods: readonly ReportingPeriodDto[] }) {
  const [earlier, setEarlier] = useState(0);
  const [later, setLater] = useState(0);
  const { visible, hiddenEarlier, hiddenLater } = scheduleWindow(periods, earlier, later);
  return (
    <>
      {hiddenEarlier > 0 ? (
        <button
          type="button"
          className="nhsuk-button nhsuk-button--secondary"
          onClick={() => setEarlier((n) => n + 1)}
        >
          Show earlier
        </button>
      ) : null}
      <TableScroll label="Reporting periods">
        <table className="nhsuk-table">
          <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">Reporting periods</caption>
          <thead className="nhsuk-table__head">
            <tr className="nhsuk-table__row">
              <th scope="col" className="nhsuk-table__header">
                Reporting period
              </th>
              <th scope="col" className="nhsuk-table__header">
                Start
              </th>
              <th scope="col" className="nhsuk-table__header">
                End
              </th>
              <th scope="col" className="nhsuk-table__header">
                Submissions open
              </th>
              <th scope="col" className="nhsuk-table__header">
                Deadline
              </th>
              <th scope="col" className="nhsuk-table__header">
                Reopened
              </th>
              <th scope="col" className="nhsuk-table__header">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="nhsuk-table__body">
            {visible.map((period) => (
              <tr key={period.id} className="nhsuk-table__row">
                <td className="nhsuk-table__cell">{period.name}</td>
                <td className="nhsuk-table__cell">{periodDate(period.start)}</td>
                <td className="nhsuk-table__cell">{periodDate(period.end)}</td>
                <td className="nhsuk-table__cell">{openingTime(period.submissionsOpen)}</td>
                <td className="nhsuk-table__cell">{deadline(period.submissionsClose)}</td>
                <td className="nhsuk-table__cell">
                  {period.ifSubmissionReopens && period.submissionsReopen
                    ? `${openingTime(period.submissionsReopen)} to ${deadline(period.submissionsReclose)}`
                    : 'No'}
                </td>
                <td className="nhsuk-table__cell">
                  <PeriodStatusTag status={period.reportingPeriodStatus} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {hiddenLater > 0 ? (
        <button
          type="button"
          className="nhsuk-button nhsuk-button--secondary"
          onClick={() => setLater((n) => n + 1)}
        >
          Show later
        </button>
      ) : null}
    </>
  );
}
