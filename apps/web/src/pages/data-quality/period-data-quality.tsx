import { formatMediumDateTime } from '@dcf/domain';
import {
  dataQualityMessages,
  type PeriodDataQuality as PeriodDataQualityData,
  type PeriodDataQualityQuery,
  type PeriodDataQualitySortBy,
  type PeriodStatisticsState,
  periodDataQualityQuerySchema,
} from '@dcf/domain/data-quality';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePeriodDataQuality } from '../../api/data-quality';
import { paths } from '../../app/paths';
import { FilterForm, PagedTable, QueryState, querySort, Select, useListParams } from '../../components';
import { PeriodRulesNotChecked } from './rules-not-checked';

const PAGE_SIZE = 25;

/**
 * The section's list state in the URL, beside the period's own list (whose names it must not take):
 * every key starts with `dq`. A rule id is text, so its key does not end in "Id" (read as a number).
 */
const listDefaults = {
  dqPage: 1,
  dqPageSize: PAGE_SIZE,
  dqSortBy: 'name',
  dqSortOrder: 'ASC',
  dqQuery: undefined as string | undefined,
  dqRule: undefined as string | undefined,
};
type ListState = typeof listDefaults;

/** The section's URL state as the API's query, checked by its schema (an unreadable URL: the first page). */
function toQuery(state: ListState): PeriodDataQualityQuery {
  const parsed = periodDataQualityQuerySchema.safeParse({
    page: state.dqPage,
    pageSize: state.dqPageSize,
    sortBy: state.dqSortBy,
    sortOrder: state.dqSortOrder,
    query: state.dqQuery,
    ruleId: state.dqRule,
  });
  return parsed.success ? parsed.data : { page: 1, pageSize: PAGE_SIZE };
}

/** A change of the API's query as a change of the section's URL state. */
function toState(change: PeriodDataQualityQuery): Partial<ListState> {
  const state: Partial<ListState> = {};
  if ('page' in change) state.dqPage = change.page;
  if ('pageSize' in change) state.dqPageSize = change.pageSize;
  if ('sortBy' in change) state.dqSortBy = change.sortBy;
  if ('sortOrder' in change) state.dqSortOrder = change.sortOrder;
  if ('query' in change) state.dqQuery = change.query;
  if ('ruleId' in change) state.dqRule = change.ruleId;
  return state;
}

/**
 * The manager's period view, data quality (decisions 0028, 0034): how many submitted returns carry
 * warnings, how many each rule flagged, the rules that could not be evaluated on some returns and why
 * (decision 0030), which figures the range checks compare with, and the returns
 * with warnings and the submitters' explanations: filtered by rule or name, sorted and paged by the API
 * (a national period has thousands), in the shared paged table.
 */
export function PeriodDataQuality({ periodId, collectionId }: { periodId: number; collectionId: number }) {
  const [state, setState] = useListParams(listDefaults);
  const query = toQuery(state);
  const setQuery = (change: PeriodDataQualityQuery) => {
    const next = toState(change);
    // Anything but a change of page starts again at page 1 (useListParams does so for `page` only).
    setState('dqPage' in next ? next : { ...next, dqPage: 1 });
  };
  const summary = usePeriodDataQuality(periodId, query);
  return (
    <section aria-labelledby="period-data-quality">
      <h2 className="nhsuk-heading-m" id="period-data-quality">
        Data quality
      </h2>
      <QueryState query={summary}>
        {(data) =>
          data.rules.length === 0 ? (
            <p className="nhsuk-body">This period's form has no data quality rules.</p>
          ) : (
            <>
              {data.readsStatistics && <StatisticsState state={data.statistics} />}
              <PeriodRulesNotChecked rules={data.rules} collectionId={collectionId} />
              <p className="nhsuk-body" data-testid="returns-with-warnings">
                {data.returnsWithWarnings.toLocaleString('en-GB')} of{' '}
                {data.returnsSubmitted.toLocaleString('en-GB')} submitted returns have data quality warnings.
              </p>
              <Filters
                key={JSON.stringify([query.query, query.ruleId])}
                data={data}
                query={query}
                onSearch={setQuery}
              />
              <FindingsTable
                data={data}
                query={query}
                setQuery={setQuery}
                collectionId={collectionId}
                periodId={periodId}
              />
            </>
          )
        }
      </QueryState>
    </section>
  );
}

function Filters({
  data,
  query,
  onSearch,
}: {
  data: PeriodDataQualityData;
  query: PeriodDataQualityQuery;
  onSearch: (change: PeriodDataQualityQuery) => void;
}) {
  const [text, setText] = useState(query.query ?? '');
  const [ruleId, setRuleId] = useState(query.ruleId ?? '');
  return (
    <FilterForm
      label="Filter returns with data quality warnings"
      searchInRow
      onSearch={() => onSearch({ query: text.trim() || undefined, ruleId: ruleId || undefined })}
      search={{ id: 'data-quality-search', label: 'Search by name or code', value: text, onChange: setText }}
    >
      <Select
        id="data-quality-rule"
        label="Flagged by"
        options={data.rules
          .filter((rule) => rule.severity === 'warning')
          .map((rule) => ({
            value: rule.id,
            label: `${rule.name} (${rule.returns.toLocaleString('en-GB')})`,
          }))}
        value={ruleId}
        onChange={setRuleId}
        hint="Leave blank for every rule"
      />
    </FilterForm>
  );
}

function FindingsTable({
  data,
  query,
  setQuery,
  collectionId,
  periodId,
}: {
  data: PeriodDataQualityData;
  query: PeriodDataQualityQuery;
  setQuery: (change: PeriodDataQualityQuery) => void;
  collectionId: number;
  periodId: number;
}) {
  return (
    <PagedTable
      caption="Returns with data quality warnings and their explanations"
      count={{ one: 'return with warnings', many: 'returns with warnings' }}
      emptyMessage="No returns to show."
      list={data}
      query={query}
      defaultPageSize={PAGE_SIZE}
      onChange={setQuery}
      rowKey={(item) => item.submissionId}
      sort={querySort<PeriodDataQualitySortBy>(query, setQuery)}
      columns={[
        {
          key: 'name',
          header: 'Organisation',
          sortable: true,
          cell: (item) => (
            <Link to={paths.form(collectionId, item.organisationId, periodId)}>{item.organisationName}</Link>
          ),
        },
        { key: 'code', header: 'Code', sortable: true, cell: (item) => item.organisationCode },
        {
          key: 'submittedAt',
          header: 'Submitted',
          sortable: true,
          cell: (item) => (item.submittedAt ? formatMediumDateTime(item.submittedAt) : ''),
        },
        {
          key: 'warnings',
          header: 'Warnings and explanations',
          sortable: true,
          cell: (item) => <Warnings findings={item.findings} />,
        },
      ]}
    />
  );
}

/** A return's warnings, each with the submitter's explanation (or why it was not checked). */
function Warnings({ findings }: { findings: PeriodDataQualityData['items'][number]['findings'] }) {
  return (
    <ul className="nhsuk-list">
      {findings
        .filter((f) => f.severity === 'warning')
        .map((f) =>
          f.notChecked ? (
            <li key={f.ruleId}>
              <strong>{f.name}</strong>: not checked ({f.notChecked})
            </li>
          ) : (
            <li key={f.ruleId}>
              <strong>{f.name}</strong>: {f.message}
              <br />
              Explanation: {f.explanation ?? 'none'}
            </li>
          ),
        )}
    </ul>
  );
}

/** Which figures this period's range checks compare with, or why they pass for now (decision 0034). */
function StatisticsState({ state }: { state: PeriodStatisticsState }) {
  const text =
    state.periodName === null
      ? dataQualityMessages.statisticsNoEarlierPeriod
      : state.computedAt === null
        ? dataQualityMessages.statisticsPending(state.periodName)
        : dataQualityMessages.statisticsReady(
            state.periodName,
            state.returns ?? 0,
            formatMediumDateTime(state.computedAt),
          );
  return (
    <p className="nhsuk-body" data-testid="range-statistics">
      {text}
    </p>
  );
}
