import { formatLongDate, type OrganisationListQuery, organisationListQuerySchema } from '@dcf/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../api/client';
import { useOrganisations } from '../../api/organisations';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import {
  FilterForm,
  Notification,
  PageContainer,
  PagedTable,
  querySort,
  SearchWidget,
  Select,
  Spinner,
  sortedListStart,
  useListQuery,
} from '../../components';
import { ImportOdsCsv, SyncWithOds } from './organisation-admin-tools';
import { OrganisationTypeFilter, RegionFilter } from './organisation-filters';

type SortBy = NonNullable<OrganisationListQuery['sortBy']>;
const PAGE_SIZE = 25;

/** The list's state, kept in the URL (decision 0021). */
const listDefaults = {
  ...sortedListStart(PAGE_SIZE, 'name', 'ASC'),
  query: undefined as string | undefined,
  organisationTypeId: undefined as number | undefined,
  regionId: undefined as number | undefined,
  isOpen: undefined as string | undefined,
};

// Checked by the API's schema but kept as the URL has it: the filter reads isOpen as 'true' / 'false'.
const urlQuerySchema = z.custom<OrganisationListQuery>(
  (value) => organisationListQuerySchema.safeParse(value).success,
);

/**
 * Organisations (route: /organisation): search, filters, sortable columns and paging, all done by the
 * API, the list's state kept in the URL (reload and Back keep it).
 */
export function OrganisationListPage() {
  const user = useUser();
  const isAdmin = user.isSuperAdmin || user.isCollectionAdmin;
  const [query, setParams] = useListQuery(listDefaults, urlQuerySchema, {
    page: 1,
    pageSize: PAGE_SIZE,
    sortBy: 'name',
    sortOrder: 'ASC',
  });
  const organisations = useOrganisations(query);
  const sort = querySort<SortBy>(query, setParams);

  const data = organisations.data;

  return (
    <PageContainer title="Organisations" trail={[]}>
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

      <SearchForm
        key={[query.query, query.organisationTypeId, query.regionId, query.isOpen].join('|')}
        query={query}
        onSearch={setParams}
      />

      {organisations.isPending ? <Spinner block /> : null}
      {organisations.isError ? (
        <Notification variant="error" message={errorMessage(organisations.error)} />
      ) : null}
      {data ? (
        <PagedTable
          caption="Organisations"
          count={{ one: 'organisation', many: 'organisations' }}
          emptyMessage="No results(s) found"
          list={data}
          query={query}
          defaultPageSize={PAGE_SIZE}
          onChange={setParams}
          rowKey={(o) => o.id}
          sort={sort}
          columns={[
            {
              key: 'name',
              header: 'Name',
              sortable: true,
              cell: (o) => (isAdmin ? <Link to={paths.editOrganisation(o.id)}>{o.name}</Link> : o.name),
            },
            { key: 'code', header: 'Code', sortable: true, cell: (o) => o.code },
            { key: 'region', header: 'Region', cell: (o) => o.region?.name ?? '' },
            { key: 'type', header: 'Type', cell: (o) => o.organisationType?.longDescription ?? '' },
            {
              key: 'closureDate',
              header: 'Closure date',
              sortable: true,
              cell: (o) => (o.closureDate ? formatLongDate(o.closureDate) : ''),
            },
            { key: 'status', header: 'Status', cell: (o) => (o.isOpen ? 'Open' : 'Closed') },
          ]}
        />
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

function SearchForm({
  query,
  onSearch,
}: {
  query: OrganisationListQuery;
  onSearch: (filters: Partial<typeof listDefaults>) => void;
}) {
  const [text, setText] = useState(query.query ?? '');
  const [typeId, setTypeId] = useState(query.organisationTypeId ? String(query.organisationTypeId) : '');
  const [regionId, setRegionId] = useState(query.regionId ? String(query.regionId) : '');
  const [status, setStatus] = useState(
    query.isOpen === 'true' ? 'open' : query.isOpen === 'false' ? 'closed' : '',
  );
  const search = () =>
    onSearch({
      query: text.trim() || undefined,
      organisationTypeId: typeId ? Number(typeId) : undefined,
      regionId: regionId ? Number(regionId) : undefined,
      isOpen: status === 'open' ? 'true' : status === 'closed' ? 'false' : undefined,
    });
  return (
    <FilterForm
      label="Search organisations"
      onSearch={search}
      search={{ id: 'organisation-search', label: 'Search by name or code', value: text, onChange: setText }}
    >
      <OrganisationTypeFilter value={typeId} onChange={setTypeId} />
      <RegionFilter value={regionId} onChange={setRegionId} />
      <Select
        label="Status"
        value={status}
        onChange={setStatus}
        options={[
          { value: 'open', label: 'Open' },
          { value: 'closed', label: 'Closed' },
        ]}
      />
    </FilterForm>
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
