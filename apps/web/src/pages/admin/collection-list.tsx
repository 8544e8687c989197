import {
  type CollectionListSortBy,
  type CollectionStatus,
  collectionListQuerySchema,
  formatMediumDateTime,
} from '@dcf/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type CollectionListParams, useCollections } from '../../api/collections';
import { paths } from '../../app/paths';
import { CollectionStatusTag, PagedTable, QueryState, querySort, useListQuery } from '../../components';
import { COLLECTION_PAGE_SIZE, CollectionSearchForm, collectionListDefaults } from './collection-search-form';

type Row = NonNullable<ReturnType<typeof useCollections>['data']>['items'][number];

/**
 * The administrators' collection table (manage and hidden lists): searched, filtered by status, sorted
 * and paged by the server (500 collections is the design size), its state in the URL (decision 0021).
 * `fixedStatus` pins the filter (archived for the hidden list); `actions` adds a last column.
 */
export function CollectionList({
  fixedStatus,
  caption,
  emptyMessage,
  actions,
}: {
  fixedStatus?: CollectionStatus;
  caption: string;
  emptyMessage: string;
  actions?: (row: Row) => ReactNode;
}) {
  const [listQuery, setParams, params] = useListQuery(collectionListDefaults, collectionListQuerySchema);
  const query: CollectionListParams = {
    ...listQuery,
    ...(fixedStatus ? { status: fixedStatus } : {}),
  };
  const collections = useCollections(query);
  const sort = querySort<CollectionListSortBy>(query, setParams, { sortBy: 'name', sortOrder: 'ASC' });

  return (
    <>
      <CollectionSearchForm
        id="collection-search"
        term={query.query}
        status={fixedStatus ? undefined : params.status}
        showStatus={!fixedStatus}
        onSearch={setParams}
      />
      <QueryState query={collections} isEmpty={(list) => list.items.length === 0} emptyMessage={emptyMessage}>
        {(list) => (
          <PagedTable
            caption={caption}
            count={{ one: 'collection', many: 'collections' }}
            list={list}
            query={query}
            defaultPageSize={COLLECTION_PAGE_SIZE}
            onChange={setParams}
            rowKey={(row) => row.id}
            sort={sort}
            columns={[
              {
                key: 'name',
                header: 'Name',
                sortable: true,
                cell: (row) => <Link to={paths.amendCollection(row.id, 'overview')}>{row.name}</Link>,
              },
              {
                key: 'status',
                header: 'Status',
                sortable: true,
                cell: (row) => <CollectionStatusTag status={row.status} />,
              },
              {
                key: 'updatedAt',
                header: 'Last changed',
                sortable: true,
                cell: (row) => formatMediumDateTime(row.updatedAt),
              },
            ]}
            {...(actions ? { rowActions: actions } : {})}
          />
        )}
      </QueryState>
    </>
  );
}
