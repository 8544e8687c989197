import { messages, type ReportingPeriodDto } from '@dcf/domain';
import { Link, useParams } from 'react-router';
import { useCollection } from '../../api/collections';
import { useReportingPeriods } from '../../api/reporting-periods';
import { paths, routeId } from '../../app/paths';
import { DataTable, PageContainer, PeriodStatusTag, QueryState } from '../../components';
import { deadline, openingTime, periodDate } from './period-dates';
import { WindowedPeriods } from './windowed-periods';

/**
 * Schedule (route: /schedule/{collectionId}/{action?}): the collection's reporting periods sorted by
 * submissionsOpen, the open ones shown and 'Show earlier' / 'Show later' revealing 3 more each.
 */
export function SchedulePage() {
  const collectionId = routeId(useParams().collectionId);
  const periods = useReportingPeriods(collectionId);
  const title = 'Schedule';
  return (
    <PageContainer title={title} trail={[{ text: 'Manage collections', href: paths.managerHome }]}>
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
  // Offered when the API's policy says the caller may change this collection (its abilities).
  const collection = useCollection(collectionId);
  if (!collection.data?.abilities.canAmend) return null;
  return (
    <p className="nhsuk-body">
      <Link to={paths.amendCollection(collectionId, 'schedule')}>Edit the schedule</Link>
      {' | '}
      <Link to={paths.reportingPeriods(collectionId)}>Change periods one by one</Link>
    </p>
  );
}

export function ScheduleTable({ periods }: { periods: readonly ReportingPeriodDto[] }) {
  return (
    <WindowedPeriods periods={periods}>
      {(visible) => (
        <DataTable
          caption="Reporting periods"
          rows={visible}
          rowKey={(period) => period.id}
          columns={[
            { key: 'name', header: 'Reporting period', cell: (period) => period.name },
            { key: 'start', header: 'Start', cell: (period) => periodDate(period.start) },
            { key: 'end', header: 'End', cell: (period) => periodDate(period.end) },
            {
              key: 'open',
              header: 'Submissions open',
              cell: (period) => openingTime(period.submissionsOpen),
            },
            { key: 'deadline', header: 'Deadline', cell: (period) => deadline(period.submissionsClose) },
            {
              key: 'reopened',
              header: 'Reopened',
              cell: (period) =>
                period.ifSubmissionReopens && period.submissionsReopen
                  ? `${openingTime(period.submissionsReopen)} to ${deadline(period.submissionsReclose)}`
                  : 'No',
            },
            {
              key: 'status',
              header: 'Status',
              cell: (period) => <PeriodStatusTag status={period.reportingPeriodStatus} />,
            },
          ]}
        />
      )}
    </WindowedPeriods>
  );
}
