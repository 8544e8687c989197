import {
  periodSubmissionStatuses,
  periodSubmissionStatusLabels,
  type SubmitterReturn,
  type SubmitterReturnList,
  type SubmitterReturnQuery,
  type SubmitterReturnSortBy,
  submitterReturnQuerySchema,
} from '@dcf/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSubmitterReturns } from '../../api/submitter-returns';
import { paths } from '../../app/paths';
import {
  type Column,
  DisplayStateTag,
  FilterForm,
  PagedTable,
  QueryState,
  querySort,
  Select,
  sortedListStart,
  useListQuery,
} from '../../components';
import { deadline } from '../schedule/period-dates';
import { GuidanceBox } from './collection-guidance';

const PAGE_SIZE = 25;
const actionLabels = { start: 'Start', continue: 'Continue', view: 'View' } as const;

/** The list's state, kept in the URL (decision 0021). */
const listDefaults = {
  ...sortedListStart(PAGE_SIZE, 'deadline', 'ASC'),
  periods: 'open',
  query: undefined as string | undefined,
  collectionId: undefined as number | undefined,
  status: undefined as string | undefined,
};

/**
 * The submitter home of a clerk or authoriser at more than one organisation (decision 0025): every
 * return across organisations and collections as one compact, server-paged table (one request), open
 * periods first by deadline, with a filter by organisation, collection, status and period.
 */
export function ReturnsTable() {
  const [query, setParams] = useListQuery(listDefaults, submitterReturnQuerySchema);
  const list = useSubmitterReturns(query);
  return (
    <QueryState query={list} isEmpty={() => false} focusError>
      {(data) => (
        <>
          <Filters
            key={JSON.stringify([query.query, query.collectionId, query.status, query.periods])}
            query={query}
            collections={data.collections}
            onSearch={setParams}
          />
          <Table data={data} query={query} setQuery={setParams} />
          <Guidance collections={data.collections} />
        </>
      )}
    </QueryState>
  );
}

/** Each collection's guidance for submitters (decision 0025), closed, after the table. */
function Guidance({ collections }: { collections: SubmitterReturnList['collections'] }) {
  const withGuidance = collections.filter((c) => c.guidance);
  if (withGuidance.length === 0) return null;
  return (
    <>
      <h2 className="nhsuk-heading-m">Guidance</h2>
      {withGuidance.map((c) => (
        <section key={c.id} aria-label={`Guidance for ${c.name}`}>
          <h3 className="nhsuk-heading-s">{c.name}</h3>
          <GuidanceBox text={c.guidance!} collectionName={c.name} variant="details" />
        </section>
      ))}
    </>
  );
}

function Filters({
  query,
  collections,
  onSearch,
}: {
  query: SubmitterReturnQuery;
  collections: SubmitterReturnList['collections'];
  onSearch: (query: SubmitterReturnQuery) => void;
}) {
  const [text, setText] = useState(query.query ?? '');
  const [collectionId, setCollectionId] = useState(query.collectionId ? String(query.collectionId) : '');
  const [status, setStatus] = useState(query.status ?? '');
  const [periods, setPeriods] = useState(query.periods ?? 'open');
  const submit = () =>
    onSearch({
      query: text.trim() || undefined,
      collectionId: collectionId ? Number(collectionId) : undefined,
      status: (status || undefined) as SubmitterReturnQuery['status'],
      periods: periods === 'all' ? 'all' : 'open',
    });
  return (
    <FilterForm
      label="Filter returns"
      onSearch={submit}
      search={{
        id: 'returns-search',
        label: 'Organisation name or ODS code',
        value: text,
        onChange: setText,
      }}
    >
      <Select
        label="Collection"
        value={collectionId}
        onChange={setCollectionId}
        options={collections.map((c) => ({ value: String(c.id), label: c.name }))}
      />
      <Select
        label="Status"
        value={status}
        onChange={setStatus}
        options={periodSubmissionStatuses.map((s) => ({ value: s, label: periodSubmissionStatusLabels[s] }))}
      />
      {/* Not a Select: it has no blank choice (the list always shows either open or all periods). */}
      <div className="nhsuk-form-group">
        <label className="nhsuk-label" htmlFor="returns-periods">
          Periods
        </label>
        <select
          id="returns-periods"
          className="nhsuk-select"
          value={periods}
          onChange={(e) => setPeriods(e.target.value === 'all' ? 'all' : 'open')}
        >
          <option value="open">Open now</option>
          <option value="all">All periods</option>
        </select>
      </div>
    </FilterForm>
  );
}

function Table({
  data,
  query,
  setQuery,
}: {
  data: SubmitterReturnList;
  query: SubmitterReturnQuery;
  setQuery: (change: SubmitterReturnQuery) => void;
}) {
  return (
    <PagedTable
      caption="Your returns by organisation, collection and period"
      count={{ one: 'return', many: 'returns' }}
      emptyMessage="No returns match these filters."
      list={data}
      query={query}
      defaultPageSize={PAGE_SIZE}
      onChange={setQuery}
      rowKey={(row) => `${row.period.id}:${row.organisation.id}`}
      sort={querySort<SubmitterReturnSortBy>(query, setQuery, { sortBy: 'deadline', sortOrder: 'ASC' })}
      columns={returnColumns}
    />
  );
}

const secondary = 'nhsuk-body-s nhsuk-u-display-block nhsuk-u-secondary-text-colour';

const returnColumns: Column<SubmitterReturn>[] = [
  {
    key: 'organisation',
    header: 'Organisation',
    sortable: true,
    cell: (row) => (
      <>
        {row.organisation.name}
        <span className={secondary}>{row.organisation.code}</span>
      </>
    ),
  },
  { key: 'collection', header: 'Collection', sortable: true, cell: (row) => row.collection.name },
  { key: 'period', header: 'Period', cell: (row) => row.period.name },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    cell: (row) => (
      <>
        <DisplayStateTag state={row.displayState} />
        {row.returned ? (
          <span className="nhsuk-body-s nhsuk-u-display-block">Returned for correction</span>
        ) : null}
      </>
    ),
  },
  {
    key: 'deadline',
    header: 'Deadline',
    sortable: true,
    cell: (row) => (
      <>
        {row.deadlineText}
        <span className={secondary}>{row.windowStatus === 'Future' ? '' : deadline(row.deadline)}</span>
      </>
    ),
  },
  {
    key: 'action',
    header: <span className="nhsuk-u-visually-hidden">Action</span>,
    cell: (row) =>
      row.action === 'none' ? null : (
        <Link to={paths.form(row.collection.id, row.organisation.id, row.period.id)}>
          {actionLabels[row.action]}
          <span className="nhsuk-u-visually-hidden">
            {' '}
            {row.period.name} for {row.organisation.name}, {row.collection.name}
          </span>
        </Link>
      ),
  },
];
