import { type CollectionStatus, formatMediumDateTime } from '@dcf/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { type CollectionListParams, useCollections } from '../../api/collections';
import { paths } from '../../app/paths';
import { QueryState, Select } from '../../components';
import { CollectionStatusTag } from '../collection/collection-status-tag';

const PAGE_SIZE = 25;

type Row = NonNullable<ReturnType<typeof useCollections>['data']>['items'][number];

/**
 * The administrators' collection table (manage and hidden lists): searched, filtered by status and paged
 * by the server (500 collections is the design size). `fixedStatus` pins the filter (archived for the
 * hidden list); `actions` adds a last column.
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
  const [term, setTerm] = useState('');
  const [status, setStatus] = useState('');
  const [params, setParams] = useState<CollectionListParams>({ page: 1, pageSize: PAGE_SIZE });
  const query = { ...params, ...(fixedStatus ? { status: fixedStatus } : {}) };
  const collections = useCollections(query);
  const page = params.page ?? 1;

  function search(event: FormEvent) {
    event.preventDefault();
    setParams({
      query: term.trim() || undefined,
      status: (status || undefined) as CollectionStatus | undefined,
      page: 1,
      pageSize: PAGE_SIZE,
    });
  }

  return (
    <>
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
          {fixedStatus ? null : (
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
          )}
          <button type="submit" className="nhsuk-button nhsuk-button--secondary">
            Search
          </button>
        </form>
      </search>
      <QueryState query={collections} isEmpty={(list) => list.items.length === 0} emptyMessage={emptyMessage}>
        {(list) => {
          const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
          return (
            <>
              <table className="nhsuk-table">
                <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">{caption}</caption>
                <thead className="nhsuk-table__head">
                  <tr className="nhsuk-table__row">
                    <th scope="col" className="nhsuk-table__header">
                      Name
                    </th>
                    <th scope="col" className="nhsuk-table__header">
                      Status
                    </th>
                    <th scope="col" className="nhsuk-table__header">
                      Last changed
                    </th>
                    {actions ? (
                      <th scope="col" className="nhsuk-table__header">
                        <span className="nhsuk-u-visually-hidden">Actions</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody className="nhsuk-table__body">
                  {list.items.map((row) => (
                    <tr key={row.id} className="nhsuk-table__row">
                      <td className="nhsuk-table__cell">
                        <Link to={paths.amendCollection(row.id, 'overview')}>{row.name}</Link>
                      </td>
                      <td className="nhsuk-table__cell">
                        <CollectionStatusTag status={row.status} />
                      </td>
                      <td className="nhsuk-table__cell">{formatMediumDateTime(row.updatedAt)}</td>
                      {actions ? <td className="nhsuk-table__cell">{actions(row)}</td> : null}
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="nhsuk-body">
                Page {page} of {pages} ({list.total} {list.total === 1 ? 'collection' : 'collections'})
              </p>
              <div className="nhsuk-button-group">
                {page > 1 ? (
                  <button
                    type="button"
                    className="nhsuk-button nhsuk-button--secondary"
                    onClick={() => setParams({ ...params, page: page - 1 })}
                  >
                    Previous page
                  </button>
                ) : null}
                {page < pages ? (
                  <button
                    type="button"
                    className="nhsuk-button nhsuk-button--secondary"
                    onClick={() => setParams({ ...params, page: page + 1 })}
                  >
                    Next page
                  </button>
                ) : null}
              </div>
            </>
          );
        }}
      </QueryState>
    </>
  );
}
