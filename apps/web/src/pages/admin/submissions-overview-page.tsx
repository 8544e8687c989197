import { type AdminSubmissionsQuery, adminSubmissionsQuerySchema } from '@dcf/domain';
import { useAdminSubmissions } from '../../api/views';
import { paths } from '../../app/paths';
import { PageContainer, PagedTable, QueryState, querySort, useListQuery } from '../../components';
import { collectionActions, collectionColumns } from '../manager/collections-table';
import { COLLECTION_PAGE_SIZE, CollectionSearchForm, collectionListDefaults } from './collection-search-form';

/**
 * Submissions overview (route: /collection/admin/submissions): every collection's current and next
 * period, searched, filtered, sorted and paged by the server; the list's state lives in the URL.
 */
export function SubmissionsOverviewPage() {
  const [query, setParams] = useListQuery(collectionListDefaults, adminSubmissionsQuerySchema);
  const overview = useAdminSubmissions(query);
  return (
    <PageContainer title="Submissions overview" trail={[{ text: 'Admin', href: paths.adminHome }]}>
      <CollectionSearchForm
        id="overview-search"
        term={query.query}
        status={query.status}
        onSearch={setParams}
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
            defaultPageSize={COLLECTION_PAGE_SIZE}
            onChange={setParams}
            rowKey={(c) => c.id}
            sort={querySort<NonNullable<AdminSubmissionsQuery['sortBy']>>(query, setParams, {
              sortBy: 'name',
              sortOrder: 'ASC',
            })}
            columns={collectionColumns(true)}
            rowActions={collectionActions}
          />
        )}
      </QueryState>
    </PageContainer>
  );
}
