import { type AdminSubmissionsQuery, adminSubmissionsQuerySchema } from '@dcf/domain';
import { useState } from 'react';
import { useAdminSubmissions } from '../../api/views';
import { paths } from '../../app/paths';
import {
  Breadcrumbs,
  FilterForm,
  PageContainer,
  PagedTable,
  QueryState,
  Select,
  sortedListStart,
  tableSort,
  useListQuery,
} from '../../components';
import { collectionActions, collectionColumns } from '../manager/collections-table';

const PAGE_SIZE = 25;

/** The list's state, kept in the URL (decision 0021). */
const listDefaults = {
  ...sortedListStart(PAGE_SIZE, 'name', 'ASC'),
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
          <PagedTable
            caption="Collections and their periods"
            count={{ one: 'collection', many: 'collections' }}
            list={data}
            query={query}
            defaultPageSize={PAGE_SIZE}
            onChange={setParams}
            rowKey={(c) => c.id}
            sort={tableSort<NonNullable<AdminSubmissionsQuery['sortBy']>>(
              query.sortBy ?? 'name',
              query.sortOrder ?? 'ASC',
              (sortBy, sortOrder) => setParams({ sortBy, sortOrder }),
            )}
            columns={collectionColumns(true)}
            rowActions={collectionActions}
          />
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
