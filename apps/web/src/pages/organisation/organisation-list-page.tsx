import { formatShortDate, type OrganisationListQuery } from '@dcf/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { useOrganisations, useOrganisationTypes, useRegions } from '../../api/organisations';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import { Breadcrumbs, Notification, PageContainer, SearchWidget, Select, Spinner } from '../../components';
import { ImportOdsCsv, SyncWithOds } from './organisation-admin-tools';

type SortBy = NonNullable<OrganisationListQuery['sortBy']>;
const PAGE_SIZE = 25;

/** Organisations (route: /organisation): search, filters, sortable columns and paging, all done by the API. */
export function OrganisationListPage() {
  const user = useUser();
  const isAdmin = user.isSuperAdmin || user.isCollectionAdmin;
  const [text, setText] = useState('');
  const [typeId, setTypeId] = useState('');
  const [regionId, setRegionId] = useState('');
  const [status, setStatus] = useState('');
  const [query, setQuery] = useState<OrganisationListQuery>({
    page: 1,
    pageSize: PAGE_SIZE,
    sortBy: 'name',
    sortOrder: 'ASC',
  });
  const organisations = useOrganisations(query);
  const regions = useRegions();
  const types = useOrganisationTypes();

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery((q) => ({
      ...q,
      page: 1,
      query: text.trim() || undefined,
      organisationTypeId: typeId ? Number(typeId) : undefined,
      regionId: regionId ? Number(regionId) : undefined,
      isOpen: status === 'open' ? 'true' : status === 'closed' ? 'false' : undefined,
    }));
  };
  const sortBy = (column: SortBy) =>
    setQuery((q) => ({
      ...q,
      page: 1,
      sortBy: column,
      sortOrder: q.sortBy === column && q.sortOrder === 'ASC' ? 'DESC' : 'ASC',
    }));
  const ariaSort = (column: SortBy) =>
    query.sortBy === column ? (query.sortOrder === 'ASC' ? 'ascending' : 'descending') : 'none';
  const header = (column: SortBy, label: string) => (
    <th scope="col" className="nhsuk-table__header" aria-sort={ariaSort(column)}>
      <button type="button" className="dcf-link-button" onClick={() => sortBy(column)}>
        {label}
        {query.sortBy === column ? (query.sortOrder === 'ASC' ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );

  const data = organisations.data;
  const page = query.page ?? 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <PageContainer title="Organisations" breadcrumbs={<Breadcrumbs items={[{ text: 'Organisations' }]} />}>
      {isAdmin ? (
        <div className="nhsuk-grid-row">
          <div className="nhsuk-grid-column-full">
            <Link className="nhsuk-button" to={paths.editOrganisation()}>
              Create an organisation
            </Link>{' '}
            <FindOrganisation />
          </div>
        </div>
      ) : null}

      <form onSubmit={search} aria-label="Search organisations">
        <div className="nhsuk-form-group">
          <label className="nhsuk-label" htmlFor="organisation-search">
            Search by name or code
          </label>
          <input
            id="organisation-search"
            className="nhsuk-input nhsuk-u-width-two-thirds"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="nhsuk-grid-row">
          <div className="nhsuk-grid-column-one-third">
            <Select
              label="Type"
              value={typeId}
              onChange={setTypeId}
              options={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.longDescription }))}
            />
          </div>
          <div className="nhsuk-grid-column-one-third">
            <Select
              label="Region"
              value={regionId}
              onChange={setRegionId}
              options={(regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
            />
          </div>
          <div className="nhsuk-grid-column-one-third">
            <Select
              label="Status"
              value={status}
              onChange={setStatus}
              options={[
                { value: 'open', label: 'Open' },
                { value: 'closed', label: 'Closed' },
              ]}
            />
          </div>
        </div>
        <button className="nhsuk-button nhsuk-button--secondary" type="submit">
          Search
        </button>
      </form>

      {organisations.isPending ? <Spinner block /> : null}
      {organisations.isError ? (
        <Notification variant="error" message={errorMessage(organisations.error)} />
      ) : null}
      {data ? (
        <>
          <p className="nhsuk-body" aria-live="polite">
            {data.total === 1 ? '1 organisation' : `${data.total.toLocaleString('en-GB')} organisations`}
          </p>
          {data.items.length === 0 ? (
            <p className="nhsuk-body">No results(s) found</p>
          ) : (
            <table className="nhsuk-table">
              <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">Organisations</caption>
              <thead className="nhsuk-table__head">
                <tr className="nhsuk-table__row">
                  {header('name', 'Name')}
                  {header('code', 'Code')}
                  <th scope="col" className="nhsuk-table__header">
                    Region
                  </th>
                  <th scope="col" className="nhsuk-table__header">
                    Type
                  </th>
                  {header('closureDate', 'Closure date')}
                  <th scope="col" className="nhsuk-table__header">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="nhsuk-table__body">
                {data.items.map((o) => (
                  <tr key={o.id} className="nhsuk-table__row">
                    <td className="nhsuk-table__cell">
                      {isAdmin ? <Link to={paths.editOrganisation(o.id)}>{o.name}</Link> : o.name}
                    </td>
                    <td className="nhsuk-table__cell">{o.code}</td>
                    <td className="nhsuk-table__cell">{o.region?.name ?? ''}</td>
                    <td className="nhsuk-table__cell">{o.organisationType?.longDescription ?? ''}</td>
                    <td className="nhsuk-table__cell">
                      {o.closureDate ? formatShortDate(o.closureDate) : ''}
                    </td>
                    <td className="nhsuk-table__cell">{o.isOpen ? 'Open' : 'Closed'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <nav className="nhsuk-pagination" aria-label="Pagination">
            <ul className="nhsuk-list nhsuk-pagination__list">
              {page > 1 ? (
                <li className="nhsuk-pagination-item--previous">
                  <button
                    type="button"
                    className="dcf-link-button nhsuk-pagination__link nhsuk-pagination__link--prev"
                    onClick={() => setQuery((q) => ({ ...q, page: page - 1 }))}
                  >
                    <span className="nhsuk-pagination__title">Previous</span>
                  </button>
                </li>
              ) : null}
              <li className="nhsuk-pagination__page">
                Page {page} of {pages}
              </li>
              {page < pages ? (
                <li className="nhsuk-pagination-item--next">
                  <button
                    type="button"
                    className="dcf-link-button nhsuk-pagination__link nhsuk-pagination__link--next"
                    onClick={() => setQuery((q) => ({ ...q, page: page + 1 }))}
                  >
                    <span className="nhsuk-pagination__title">Next</span>
                  </button>
                </li>
              ) : null}
            </ul>
          </nav>
        </>
      ) : null}
      {isAdmin ? (
        <>
          <SyncWithOds />
          <ImportOdsCsv />
        </>
      ) : null}
    </PageContainer>
  );
}

/** Finds one organisation by name or ODS code in the search widget and opens it for editing. */
function FindOrganisation() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => setOpen(true)}>
        Find an organisation
      </button>
      <SearchWidget
        kind="organisations"
        open={open}
        multiple={false}
        onCancel={() => setOpen(false)}
        onSelect={([chosen]) => {
          setOpen(false);
          if (chosen) navigate(paths.editOrganisation(chosen.id));
        }}
      />
    </>
  );
}
