import {
  type CollectionPeriodList,
  type CollectionPeriodQuery,
  collectionPeriodQuerySchema,
  messages,
  type PeriodSummary,
  type ReportingPeriodStatus,
} from '@dcf/domain';
import { Link } from 'react-router';
import { periodExportUrl } from '../../api/exports';
import { nonSubmittersCsvUrl, useCollectionPeriods } from '../../api/views';
import { paths } from '../../app/paths';
import {
  type Column,
  orderSort,
  PagedTable,
  PeriodStatusTag,
  QueryState,
  useListQuery,
} from '../../components';
import { receivedText } from '../manager/period-counts';
import { deadline, openingTime, periodDate } from '../schedule/period-dates';

const PAGE_SIZE = 25;

const listDefaults = {
  page: 1,
  pageSize: PAGE_SIZE,
  sortOrder: 'DESC',
  state: undefined as string | undefined,
};

const stateWords: Record<ReportingPeriodStatus, string> = {
  Open: 'Open',
  Closed: 'Closed',
  Future: 'Future',
};

/**
 * Every reporting period of a collection for the people who monitor it (product decisions, "The return
 * between people": every period, closed ones included, in reach by links): its state, dates and counts,
 * and from each its monitoring (where every organisation's return, and its reopen, is a click away), the
 * non-submitters CSV and the exports. Latest first, paged by the API, with links to keep one state.
 */
export function CollectionPeriods({
  collectionId,
  canAmend,
}: {
  collectionId: number;
  /** Whether the user may change the periods (the collection's `abilities.canAmend`). */
  canAmend: boolean;
}) {
  const [query, setQuery] = useListQuery(listDefaults, collectionPeriodQuerySchema, {
    page: 1,
    pageSize: PAGE_SIZE,
    sortOrder: 'DESC',
  });
  const list = useCollectionPeriods(collectionId, query);
  return (
    <QueryState
      query={list}
      isEmpty={(data) => data.states.Open + data.states.Future + data.states.Closed === 0}
      emptyMessage={messages.noScheduledPeriods}
    >
      {(data) => (
        <>
          <StateLinks states={data.states} current={query.state} />
          <PeriodsTable
            data={data}
            query={query}
            onChange={setQuery}
            canAmend={canAmend}
            collectionId={collectionId}
          />
        </>
      )}
    </QueryState>
  );
}

/** All, Open, Closed, Future: links that keep one state (the counts are the collection's, whatever the filter). */
function StateLinks({
  states,
  current,
}: {
  states: CollectionPeriodList['states'];
  current: ReportingPeriodStatus | undefined;
}) {
  const all = states.Open + states.Future + states.Closed;
  const choices: { state: ReportingPeriodStatus | undefined; label: string; count: number }[] = [
    { state: undefined, label: 'All', count: all },
    ...(['Open', 'Closed', 'Future'] as const).map((state) => ({
      state,
      label: stateWords[state],
      count: states[state],
    })),
  ];
  const search = (state: ReportingPeriodStatus | undefined) => (state ? `?state=${state}` : '?');
  return (
    <nav aria-label="Reporting periods by state" className="dcf-state-links">
      <ul className="nhsuk-list">
        {choices.map(({ state, label, count }) => (
          <li key={label}>
            {state === current ? (
              <strong aria-current="page">
                {label} ({count.toLocaleString('en-GB')})
              </strong>
            ) : (
              <Link to={search(state)}>
                {label} ({count.toLocaleString('en-GB')})
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PeriodsTable({
  data,
  query,
  onChange,
  canAmend,
  collectionId,
}: {
  data: CollectionPeriodList;
  query: Partial<CollectionPeriodQuery>;
  onChange: (change: Partial<typeof listDefaults>) => void;
  canAmend: boolean;
  collectionId: number;
}) {
  return (
    <PagedTable
      caption={`Reporting periods of ${data.collection.name}`}
      count={{ one: 'reporting period', many: 'reporting periods' }}
      emptyMessage="No reporting period in this state."
      list={data}
      query={query}
      defaultPageSize={PAGE_SIZE}
      onChange={onChange}
      rowKey={(period) => period.id}
      sort={orderSort('start', query, onChange)}
      columns={periodColumns}
      rowActions={(period) => (
        <PeriodActions period={period} collectionId={collectionId} canAmend={canAmend} />
      )}
    />
  );
}

const isFuture = (period: PeriodSummary) => period.reportingPeriodStatus === 'Future';
/** A count of returns; none yet for a period still to come. */
const countColumn = (key: string, header: string, count: (counts: PeriodSummary['counts']) => number) => ({
  key,
  header,
  cell: (period: PeriodSummary) => (isFuture(period) ? '' : count(period.counts).toLocaleString('en-GB')),
});

const periodColumns: Column<PeriodSummary>[] = [
  {
    key: 'start',
    header: 'Reporting period',
    sortable: true,
    rowHeader: true,
    cell: (period) => (
      <>
        <Link to={paths.managerReportingPeriod(period.id)}>{period.name}</Link>
        <span className="nhsuk-body-s nhsuk-u-display-block nhsuk-u-secondary-text-colour">
          {periodDate(period.start)} to {periodDate(period.end)}
        </span>
      </>
    ),
  },
  {
    key: 'state',
    header: 'State',
    cell: (period) => <PeriodStatusTag status={period.reportingPeriodStatus} />,
  },
  {
    key: 'submissions',
    header: 'Submissions',
    cell: (period) => (
      <>
        Open {openingTime(period.submissionsOpen)}
        <span className="nhsuk-u-display-block">Close {deadline(period.submissionsClose)}</span>
        {period.submissionsReopen ? (
          <span className="nhsuk-body-s nhsuk-u-display-block">
            Reopens {openingTime(period.submissionsReopen)}, until {deadline(period.submissionsReclose)}
          </span>
        ) : null}
      </>
    ),
  },
  {
    key: 'submitted',
    header: 'Submitted',
    cell: (period) => (isFuture(period) ? 'Not yet required' : receivedText(period.counts)),
  },
  countColumn('inProgress', 'In progress', (counts) => counts.draft),
  countColumn('notStarted', 'Not started', (counts) => counts.notStarted),
  countColumn('missed', 'Missed', (counts) => counts.missed),
];

/** Monitor a period, download its non-submitters and exports (once it has started), change its dates. */
function PeriodActions({
  period,
  collectionId,
  canAmend,
}: {
  period: PeriodSummary;
  collectionId: number;
  canAmend: boolean;
}) {
  // The space stays outside the hidden text, so every accessible-name algorithm keeps it.
  const hidden = (text: string) => (
    <>
      {' '}
      <span className="nhsuk-u-visually-hidden">{text}</span>
    </>
  );
  return (
    <ul className="nhsuk-list nhsuk-u-margin-bottom-0 dcf-nowrap">
      <li>
        <Link to={paths.managerReportingPeriod(period.id)}>Monitor{hidden(period.name)}</Link>
      </li>
      {isFuture(period) ? null : (
        <>
          <li>
            <a href={nonSubmittersCsvUrl(period.id)} download>
              Non-submitters (CSV){hidden(`of ${period.name}`)}
            </a>
          </li>
          <li>
            <a href={periodExportUrl(collectionId, period.id, 'csv')} download>
              Export CSV{hidden(`of ${period.name}`)}
            </a>
          </li>
          <li>
            <a href={periodExportUrl(collectionId, period.id, 'xlsx')} download>
              Export Excel (XLSX){hidden(`of ${period.name}`)}
            </a>
          </li>
        </>
      )}
      {canAmend ? (
        <li>
          <Link to={paths.reportingPeriods(collectionId, period.id, true)}>
            Change dates{hidden(`of ${period.name}`)}
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
