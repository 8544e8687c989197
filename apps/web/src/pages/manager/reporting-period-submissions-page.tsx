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
  FilterForm,
  Notification,
  PageContainer,
  PagedTable,
  PeriodStatusTag,
  Select,
  Spinner,
  SubmissionStatusTag,
  sortableHeaders,
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
  page: 1,
  pageSize: PAGE_SIZE,
  sortBy: 'name',
  sortOrder: 'ASC',
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
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">State</dt>
          <dd className="nhsuk-summary-list__value">
            <PeriodStatusTag status={period.reportingPeriodStatus} />
          </dd>
        </div>
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Submissions</dt>
          <dd className="nhsuk-summary-list__value">
            open {openingTime(period.submissionsOpen)}, close {deadline(period.submissionsClose)}
            {period.submissionsReopen && period.submissionsReclose
              ? `; reopen ${openingTime(period.submissionsReopen)}, reclose ${deadline(period.submissionsReclose)}`
              : ''}
          </dd>
        </div>
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Received</dt>
          <dd className="nhsuk-summary-list__value">{receivedText(counts)}</dd>
        </div>
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">On time</dt>
          <dd className="nhsuk-summary-list__value">
            {counts.completed === 0
              ? 'None received yet'
              : `${onTimeText(counts)} (${counts.late.toLocaleString('en-GB')} late)`}
          </dd>
        </div>
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
  const header = sortableHeaders<PeriodSubmissionSortBy>(query.sortBy, query.sortOrder, (sortBy, sortOrder) =>
    setQuery({ sortBy, sortOrder }),
  );
  return (
    <PagedTable
      caption="Submissions by organisation"
      count={{ one: 'organisation', many: 'organisations' }}
      emptyMessage="No results(s) found"
      list={data}
      query={query}
      defaultPageSize={PAGE_SIZE}
      onChange={setQuery}
      head={
        <>
          {header('name', 'Organisation')}
          {header('code', 'Code')}
          {header('region', 'Region')}
          {header('type', 'Type')}
          {header('status', 'Status')}
          {header('lastChangedAt', 'Last change')}
          <th scope="col" className="nhsuk-table__header">
            Lock and authorisation
          </th>
        </>
      }
    >
      {data.items.map((row) => (
        <SubmissionRow key={row.organisationId} row={row} data={data} />
      ))}
    </PagedTable>
  );
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

function SubmissionRow({ row, data }: { row: PeriodSubmissionRow; data: PeriodSubmissionList }) {
  const notes = lockAndAuthorisation(row);
  const [showHistory, setShowHistory] = useState(false);
  const historyId = `history-${row.organisationId}`;
  return (
    <>
      <tr className="nhsuk-table__row">
        <td className="nhsuk-table__cell">
          <Link to={paths.form(data.period.collectionId, row.organisationId, data.period.id)}>
            {row.name}
          </Link>
          {row.isClosed ? (
            <strong className="nhsuk-tag nhsuk-tag--grey nhsuk-u-margin-left-2">Closed</strong>
          ) : null}
          <button
            type="button"
            className="dcf-link-button nhsuk-body-s nhsuk-u-display-block"
            aria-expanded={showHistory}
            aria-controls={showHistory ? historyId : undefined}
            onClick={() => setShowHistory((open) => !open)}
          >
            {showHistory ? 'Hide history' : 'History'}
            <span className="nhsuk-u-visually-hidden"> of {row.name}</span>
          </button>
        </td>
        <td className="nhsuk-table__cell">{row.code}</td>
        <td className="nhsuk-table__cell">{row.region?.name ?? ''}</td>
        <td className="nhsuk-table__cell">{row.organisationType?.shortDescription ?? ''}</td>
        <td className="nhsuk-table__cell">
          <SubmissionStatusTag status={row.status} />
        </td>
        <td className="nhsuk-table__cell">
          {row.lastChangedAt
            ? `${formatMediumDateTime(row.lastChangedAt)} by ${row.lastChangedBy?.name ?? ''}`
            : ''}
        </td>
        <td className="nhsuk-table__cell">
          {notes.map((note) => (
            <span key={note} className="nhsuk-u-display-block">
              {note}
            </span>
          ))}
        </td>
      </tr>
      {showHistory ? (
        <tr className="nhsuk-table__row" id={historyId}>
          <td className="nhsuk-table__cell" colSpan={7}>
            <OrganisationHistory
              collectionId={data.period.collectionId}
              organisationId={row.organisationId}
              organisationName={row.name}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function Trend({ collectionId }: { collectionId: number }) {
  const collection = useManagerCollection(collectionId);
  if (collection.isPending) return <Spinner block />;
  if (collection.isError)
    return <Notification variant="error" message={errorMessage(collection.error)} dismissible={false} />;
  return <CompletenessTrend periods={collection.data.periods} />;
}
