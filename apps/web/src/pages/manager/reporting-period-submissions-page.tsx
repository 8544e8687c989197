import {
  formatMediumDateTime,
  type PeriodSubmissionList,
  type PeriodSubmissionQuery,
  type PeriodSubmissionRow,
  type PeriodSubmissionSortBy,
  periodSubmissionQuerySchema,
  periodSubmissionStatuses,
  periodSubmissionStatusLabels,
} from '@dcf/domain';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useManagerCollection, usePeriodSubmissions } from '../../api/views';
import { paths } from '../../app/paths';
import {
  Breadcrumbs,
  type Column,
  FilterForm,
  Notification,
  PageContainer,
  PagedTable,
  PeriodStatusTag,
  QueryState,
  querySort,
  Select,
  Spinner,
  SubmissionStatusTag,
  SummaryRow,
  sortedListStart,
  useListQuery,
  useNotification,
} from '../../components';
import { PeriodDataQuality } from '../data-quality/period-data-quality';
import { OrganisationTypeFilter, RegionFilter } from '../organisation/organisation-filters';
import { deadline, openingTime } from '../schedule/period-dates';
import { CompletenessTrend } from './completeness-trend';
import { OrganisationHistory } from './organisation-history';
import { PeriodActions } from './period-actions';
import { onTimeText, receivedText } from './period-counts';

const PAGE_SIZE = 25;

/** The list's state, kept in the URL (page, size, sort, search and filters). */
const listDefaults = {
  ...sortedListStart(PAGE_SIZE, 'name', 'ASC'),
  query: undefined as string | undefined,
  status: undefined as string | undefined,
  regionId: undefined as number | undefined,
  organisationTypeId: undefined as number | undefined,
};

/**
 * A reporting period's submissions (route: /collection/manage/reportingPeriod/{id}): every recipient
 * with its status, last change, lock and authorisations; search, filters, sorting and paging done by
 * the API; counts per status; chasing (non-submitters CSV, 'Send reminder') and exports; the
 * collection's completeness trend.
 */
export function ReportingPeriodSubmissionsPage() {
  const periodId = Number(useParams().id);
  const [query, setParams] = useListQuery(listDefaults, periodSubmissionQuerySchema);
  const setQuery = (change: PeriodSubmissionQuery) => setParams(change);
  const list = usePeriodSubmissions(periodId, query);
  const { notification, notify, clear } = useNotification();
  const data = list.data;
  const title = data ? `${data.period.collectionName}: ${data.period.name}` : 'Reporting period submissions';
  return (
    <PageContainer
      title={title}
      notification={notification}
      onNotificationClose={clear}
      breadcrumbs={
        <Breadcrumbs
          items={[
            { text: 'Collections you manage', href: paths.managerHome },
            ...(data
              ? [{ text: 'Reporting periods', href: paths.reportingPeriods(data.period.collectionId) }]
              : []),
            { text: data?.period.name ?? 'Reporting period' },
          ]}
        />
      }
    >
      {list.isPending ? <Spinner block /> : null}
      {list.isError ? (
        <Notification variant="error" message={errorMessage(list.error)} dismissible={false} />
      ) : null}
      {data ? (
        <>
          <p className="nhsuk-body">
            <Link to={paths.reportingPeriods(data.period.collectionId)}>
              Every reporting period of {data.period.collectionName}
            </Link>
          </p>
          <PeriodSummary data={data} />
          <PeriodActions period={data.period} notify={notify} />
          <h2 className="nhsuk-heading-m">Organisations</h2>
          <Filters
            key={JSON.stringify([query.query, query.status, query.regionId, query.organisationTypeId])}
            query={query}
            counts={data.counts}
            onSearch={setQuery}
          />
          <SubmissionsTable data={data} query={query} setQuery={setQuery} />
          <PeriodDataQuality periodId={periodId} collectionId={data.period.collectionId} />
          <h2 className="nhsuk-heading-m">Completeness trend</h2>
          <Trend collectionId={data.period.collectionId} />
        </>
      ) : null}
    </PageContainer>
  );
}

function PeriodSummary({ data }: { data: PeriodSubmissionList }) {
  const { period, counts } = data;
  return (
    <>
      <dl className="nhsuk-summary-list">
        <SummaryRow label="State">
          <PeriodStatusTag status={period.reportingPeriodStatus} />
        </SummaryRow>
        <SummaryRow label="Submissions">
          open {openingTime(period.submissionsOpen)}, close {deadline(period.submissionsClose)}
          {period.submissionsReopen && period.submissionsReclose
            ? `; reopen ${openingTime(period.submissionsReopen)}, reclose ${deadline(period.submissionsReclose)}`
            : ''}
        </SummaryRow>
        <SummaryRow label="Received">{receivedText(counts)}</SummaryRow>
        <SummaryRow label="On time">
          {counts.completed === 0
            ? 'None received yet'
            : `${onTimeText(counts)} (${counts.late.toLocaleString('en-GB')} late)`}
        </SummaryRow>
      </dl>
      <ul className="nhsuk-list dcf-status-counts" aria-label="Organisations by status">
        {periodSubmissionStatuses.map((status) => (
          <li key={status}>
            <SubmissionStatusTag status={status} /> {counts[status].toLocaleString('en-GB')}
          </li>
        ))}
      </ul>
    </>
  );
}

function Filters({
  query,
  counts,
  onSearch,
}: {
  query: PeriodSubmissionQuery;
  counts: PeriodSubmissionList['counts'];
  onSearch: (query: PeriodSubmissionQuery) => void;
}) {
  const [text, setText] = useState(query.query ?? '');
  const [status, setStatus] = useState(query.status ?? '');
  const [regionId, setRegionId] = useState(query.regionId ? String(query.regionId) : '');
  const [typeId, setTypeId] = useState(query.organisationTypeId ? String(query.organisationTypeId) : '');
  const submit = () =>
    onSearch({
      query: text.trim() || undefined,
      status: (status || undefined) as PeriodSubmissionQuery['status'],
      regionId: regionId ? Number(regionId) : undefined,
      organisationTypeId: typeId ? Number(typeId) : undefined,
    });
  return (
    <FilterForm
      label="Filter organisations"
      onSearch={submit}
      search={{ id: 'period-search', label: 'Search by name or code', value: text, onChange: setText }}
    >
      <Select
        label="Status"
        value={status}
        onChange={setStatus}
        options={periodSubmissionStatuses.map((s) => ({
          value: s,
          label: `${periodSubmissionStatusLabels[s]} (${counts[s].toLocaleString('en-GB')})`,
        }))}
      />
      <RegionFilter value={regionId} onChange={setRegionId} />
      <OrganisationTypeFilter value={typeId} onChange={setTypeId} />
    </FilterForm>
  );
}

function SubmissionsTable({
  data,
  query,
  setQuery,
}: {
  data: PeriodSubmissionList;
  query: PeriodSubmissionQuery;
  setQuery: (change: PeriodSubmissionQuery) => void;
}) {
  // The organisations whose history is open under their row (any number at once).
  const [historyOpen, setHistoryOpen] = useState<ReadonlySet<number>>(new Set());
  const toggleHistory = (organisationId: number) =>
    setHistoryOpen((open) => {
      const next = new Set(open);
      if (!next.delete(organisationId)) next.add(organisationId);
      return next;
    });
  return (
    <PagedTable
      caption="Submissions by organisation"
      count={{ one: 'organisation', many: 'organisations' }}
      emptyMessage="No results(s) found"
      list={data}
      query={query}
      defaultPageSize={PAGE_SIZE}
      onChange={setQuery}
      rowKey={(row) => row.organisationId}
      sort={querySort<PeriodSubmissionSortBy>(query, setQuery)}
      columns={submissionColumns(data, historyOpen, toggleHistory)}
      rowDetails={(row) =>
        historyOpen.has(row.organisationId)
          ? {
              id: historyId(row),
              content: (
                <OrganisationHistory
                  collectionId={data.period.collectionId}
                  organisationId={row.organisationId}
                  organisationName={row.name}
                />
              ),
            }
          : null
      }
    />
  );
}

const historyId = (row: PeriodSubmissionRow) => `history-${row.organisationId}`;

function submissionColumns(
  data: PeriodSubmissionList,
  historyOpen: ReadonlySet<number>,
  toggleHistory: (organisationId: number) => void,
): Column<PeriodSubmissionRow>[] {
  return [
    {
      key: 'name',
      header: 'Organisation',
      sortable: true,
      cell: (row) => {
        const open = historyOpen.has(row.organisationId);
        return (
          <>
            <Link to={paths.form(data.period.collectionId, row.organisationId, data.period.id)}>
              {row.name}
            </Link>
            {row.isClosed ? (
              <strong className="nhsuk-tag nhsuk-tag--grey nhsuk-u-margin-left-2">Closed</strong>
            ) : null}
            <button
              type="button"
              className="dcf-link-button nhsuk-body-s nhsuk-u-display-block"
              aria-expanded={open}
              aria-controls={open ? historyId(row) : undefined}
              onClick={() => toggleHistory(row.organisationId)}
            >
              {open ? 'Hide history' : 'History'}
              <span className="nhsuk-u-visually-hidden"> of {row.name}</span>
            </button>
          </>
        );
      },
    },
    { key: 'code', header: 'Code', sortable: true, cell: (row) => row.code },
    { key: 'region', header: 'Region', sortable: true, cell: (row) => row.region?.name ?? '' },
    {
      key: 'type',
      header: 'Type',
      sortable: true,
      cell: (row) => row.organisationType?.shortDescription ?? '',
    },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      cell: (row) => <SubmissionStatusTag status={row.status} />,
    },
    {
      key: 'lastChangedAt',
      header: 'Last change',
      sortable: true,
      cell: (row) =>
        row.lastChangedAt
          ? `${formatMediumDateTime(row.lastChangedAt)} by ${row.lastChangedBy?.name ?? ''}`
          : '',
    },
    {
      key: 'lockAndAuthorisation',
      header: 'Lock and authorisation',
      cell: (row) =>
        lockAndAuthorisation(row).map((note) => (
          <span key={note} className="nhsuk-u-display-block">
            {note}
          </span>
        )),
    },
  ];
}

/** What a manager needs to know about the lock and the authorisations of one return. */
function lockAndAuthorisation(row: PeriodSubmissionRow): string[] {
  const notes: string[] = [];
  if (row.isLocked && row.lockedBy)
    notes.push(`Locked by ${row.lockedBy.name} since ${formatMediumDateTime(row.lockedOn)}`);
  if (row.isTrustAuthorisationRequired) notes.push('Trust authorisation required');
  if (row.awaitingNhsiAuthorisation) notes.push('Awaiting NHSI authorisation');
  if (row.nhsiAuthorisedBy)
    notes.push(
      `NHSI authorised by ${row.nhsiAuthorisedBy.name}, ${formatMediumDateTime(row.nhsiAuthorisedAt)}`,
    );
  if (row.reopenedUntil) notes.push(`Reopened until ${formatMediumDateTime(row.reopenedUntil)}`);
  if (row.isOnTime === false) notes.push('Submitted late');
  return notes;
}

function Trend({ collectionId }: { collectionId: number }) {
  const collection = useManagerCollection(collectionId);
  return (
    <QueryState query={collection} isEmpty={() => false} focusError>
      {(data) => <CompletenessTrend periods={data.periods} />}
    </QueryState>
  );
}
