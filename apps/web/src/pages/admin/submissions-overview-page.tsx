import { type AdminSubmissionsQuery, adminSubmissionsQuerySchema } from '@dcf/domain';
import { useState } from 'react';
import { useAdminSubmissions } from '../../api/views';
import { paths } from '../../app/paths';
import {
  Breadcrumbs,
  FilterForm,
  ListPaging,
  PageContainer,
  QueryState,
  ResultCount,
  Select,
  TableScroll,
  useListQuery,
} from '../../components';
import { CollectionsTable } from '../manager/manager-home-page';

const PAGE_SIZE = 25;

/** The list's state, kept in the URL (decision 0021). */
const listDefaults = {
  page: 1,
  pageSize: PAGE_SIZE,
  sortBy: 'name',
  sortOrder: 'ASC',
  query: undefined as string | undefined,
  status: undefined as string | undefined,
};

/**
 * Submissions overview (route: /collection/admin/submissions): every collection's current and next
 * period, searched, filtered, sorted and paged by the server; the list's state lives in the URL.
 */
export function SubmissionsOverviewPage() {
  const [query, setParams] = useListQuery(listDefaults, adminSubmissionsQuerySchema);
  const overview = useAdminSubmissions(query);
  return (
    <PageContainer
      title="Submissions overview"
      breadcrumbs={
        <Breadcrumbs items={[{ text: 'Admin', href: paths.adminHome }, { text: 'Submissions overview' }]} />
      }
    >
      <SearchForm
        key={`${query.query ?? ''}|${query.status ?? ''}`}
        query={query}
        onSearch={(text, status) => setParams({ query: text || undefined, status: status || undefined })}
      />
      <QueryState
        query={overview}
        isEmpty={(data) => data.items.length === 0}
        emptyMessage="No results(s) found"
      >
        {(data) => (
          <>
            <ResultCount total={data.total} one="collection" many="collections" />
            <TableScroll label="Collections">
              <CollectionsTable
                collections={data.items}
                caption="Collections and their periods"
                showStatus
                sort={{
                  sortBy: query.sortBy ?? 'name',
                  sortOrder: query.sortOrder ?? 'ASC',
                  onSort: (sortBy, sortOrder) =>
                    setParams({ sortBy: sortBy as AdminSubmissionsQuery['sortBy'], sortOrder }),
                }}
              />
            </TableScroll>
            <ListPaging total={data.total} query={query} defaultPageSize={PAGE_SIZE} onChange={setParams} />
          </>
        )}
      </QueryState>
    </PageContainer>
  );
}

function SearchForm({
  query,
  onSearch,
}: {
  query: AdminSubmissionsQuery;
  onSearch: (text: string, status: string) => void;
}) {
  const [text, setText] = useState(query.query ?? '');
  const [status, setStatus] = useState<string>(query.status ?? '');
  return (
    <FilterForm
      label="Search collections"
      onSearch={() => onSearch(text.trim(), status)}
      search={{ id: 'overview-search', label: 'Search by collection name', value: text, onChange: setText }}
      searchInRow
    >
      <Select
        label="Status"
        value={status}
        onChange={setStatus}
        options={[
          { value: 'published', label: 'Published' },
          { value: 'draft', label: 'Draft' },
          { value: 'archived', label: 'Archived' },
        ]}
      />
    </FilterForm>
  );
}
