import {
  type CollectionListSortBy,
  type CollectionStatus,
  collectionListQuerySchema,
  formatMediumDateTime,
} from '@dcf/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { type CollectionListParams, useCollections } from '../../api/collections';
import { paths } from '../../app/paths';
import {
  CollectionStatusTag,
  PagedTable,
  QueryState,
  Select,
  sortedListStart,
  tableSort,
  useListQuery,
} from '../../components';

const PAGE_SIZE = 25;

type Row = NonNullable<ReturnType<typeof useCollections>['data']>['items'][number];

/**
 * The administrators' collection table (manage and hidden lists): searched, filtered by status, sorted
 * and paged by the server (500 collections is the design size), its state in the URL (decision 0021).
 * `fixedStatus` pins the filter (archived for the hidden list); `actions` adds a last column.
 */
/** The list's state, kept in the URL (decision 0021). */
const listDefaults = {
  ...sortedListStart(PAGE_SIZE, 'name', 'ASC'),
  query: undefined as string | undefined,
  status: undefined as string | undefined,
};

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
  const [listQuery, setParams, params] = useListQuery(listDefaults, collectionListQuerySchema);
  const query: CollectionListParams = {
    ...listQuery,
    ...(fixedStatus ? { status: fixedStatus } : {}),
  };
  const collections = useCollections(query);
  const sort = tableSort<CollectionListSortBy>(
    query.sortBy ?? 'name',
    query.sortOrder ?? 'ASC',
    (sortBy, sortOrder) => setParams({ sortBy, sortOrder }),
  );

  return (
    <>
      <SearchForm
        key={`${query.query ?? ''}|${params.status ?? ''}`}
        initialTerm={query.query ?? ''}
        initialStatus={fixedStatus ? '' : (params.status ?? '')}
        showStatus={!fixedStatus}
        onSearch={(term, status) => setParams({ query: term || undefined, status: status || undefined })}
      />
      <QueryState query={collections} isEmpty={(list) => list.items.length === 0} emptyMessage={emptyMessage}>
        {(list) => (
          <PagedTable
            caption={caption}
            count={{ one: 'collection', many: 'collections' }}
            list={list}
            query={query}
            defaultPageSize={PAGE_SIZE}
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

function SearchForm({
  initialTerm,
  initialStatus,
  showStatus,
  onSearch,
}: {
  initialTerm: string;
  initialStatus: string;
  showStatus: boolean;
  onSearch: (term: string, status: string) => void;
}) {
  const [term, setTerm] = useState(initialTerm);
  const [status, setStatus] = useState(initialStatus);
  function search(event: FormEvent) {
    event.preventDefault();
    onSearch(term.trim(), status);
  }
  return (
    <search>
      <form onSubmit={search} className="nhsuk-u-margin-bottom-4">
        <div className="nhsuk-form-group">
          <label className="nhsuk-label" htmlFor="collection-search">
            Search by collection name
          </label>
          <input
            className="nhsuk-input nhsuk-u-width-one-half"
            id="collection-search"
            type="search"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
          />
        </div>
        {showStatus ? (
          <Select
            id="collection-status"
            label="Status"
            value={status}
            onChange={setStatus}
            options={[
              { value: 'draft', label: 'Draft' },
              { value: 'published', label: 'Published' },
              { value: 'archived', label: 'Archived' },
            ]}
          />
        ) : null}
        <button type="submit" className="nhsuk-button nhsuk-button--secondary">
          Search
        </button>
      </form>
    </search>
  );
}
