import {
  type CollectionDto,
  type CollectionOrganisation,
  collectionOrganisationListQuerySchema,
  type Requirement,
} from '@dcf/domain';
import { type FormEvent, useState } from 'react';
import { useBulkRecipients, useRecipients, useSetRecipientFlags } from '../../api/collection-organisations';
import { searchOrganisations } from '../../api/organisations';
import { problemMessages } from '../../api/problems';
import {
  Checkbox,
  DataTable,
  ListPaging,
  Notification,
  QueryState,
  SearchWidget,
  useListQuery,
  YesNoModal,
} from '../../components';
import {
  AddByCriteria,
  CodeList,
  type Criteria,
  CriteriaFields,
  RemoveMatching,
} from './recipient-selection';

const PAGE_SIZE = 25;

/** The recipients list's state, kept in the URL (decision 0021). */
const listDefaults = {
  page: 1,
  pageSize: PAGE_SIZE,
  sortBy: 'name',
  sortOrder: 'ASC',
  query: undefined as string | undefined,
  organisationTypeId: undefined as number | undefined,
  regionId: undefined as number | undefined,
  stpId: undefined as number | undefined,
  status: undefined as string | undefined,
};

/** What a URL the API would refuse shows: every default (sort and status too, which the table reads). */
const firstOpen = collectionOrganisationListQuerySchema.parse({});

type Notice = { variant: 'success' | 'error'; message: string | string[] };
type Flag = 'isTrustAuthorisationRequired' | 'isNhsiAuthorisationRequired';

const forcedText: Record<Exclude<Requirement, 'optional'>, string> = {
  mandatory: 'mandatory for this collection',
  notRequired: 'not required for this collection',
};

/**
 * A collection's recipient organisations (amend page, organisations tab, and
 * /manage/collection/{id}/organisations): filtered, sorted and paged by the server (a national
 * collection has 15,000), with the list's state in the URL. Added by criteria (type, region, ICB, name
 * or code) or by a list of ODS codes after a count and a report, or ticked in the search widget;
 * removed one at a time, by a list of codes, or all that match the list's filters (decision 0021).
 * The per-organisation trust and NHSI flags can be ticked only where the collection's setting is
 * optional; mandatory and notRequired force them, so those checkboxes are shown disabled.
 */
export function RecipientsPanel({ collection }: { collection: CollectionDto }) {
  const [listQuery, setParams] = useListQuery(listDefaults, collectionOrganisationListQuerySchema, firstOpen);
  const { page, pageSize, query } = listQuery;
  const filters: Criteria = {
    query: listQuery.query,
    organisationTypeId: listQuery.organisationTypeId,
    regionId: listQuery.regionId,
    stpId: listQuery.stpId,
    status: listQuery.status === 'any' ? undefined : listQuery.status,
  };
  const [draft, setDraft] = useState<Criteria>(filters);
  const [adding, setAdding] = useState(false);
  // The search a user chose to add in full ("Select all N matching"), shown in the criteria form.
  const [matching, setMatching] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CollectionOrganisation | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const recipients = useRecipients(collection.id, listQuery);
  const bulk = useBulkRecipients(collection.id);
  const flags = useSetRecipientFlags(collection.id);
  const canChange = collection.abilities.canAmend;

  async function run(action: () => Promise<string>) {
    setNotice(null);
    try {
      setNotice({ variant: 'success', message: await action() });
    } catch (error) {
      setNotice({ variant: 'error', message: problemMessages(error) });
    }
  }

  const addSelected = (ids: number[]) =>
    run(async () => {
      const result = await bulk.mutateAsync({ add: ids });
      return `${result.added} ${result.added === 1 ? 'organisation' : 'organisations'} added (${result.total} recipients)`;
    });

  const remove = (row: CollectionOrganisation) =>
    run(async () => {
      await bulk.mutateAsync({ remove: [row.organisationId] });
      return `${row.organisation.name} removed`;
    });

  const toggle = (row: CollectionOrganisation, flag: Flag, value: boolean) =>
    run(async () => {
      await flags.mutateAsync([
        {
          organisationId: row.organisationId,
          isTrustAuthorisationRequired: row.isTrustAuthorisationRequired,
          isNhsiAuthorisationRequired: row.isNhsiAuthorisationRequired,
          [flag]: value,
        },
      ]);
      return `Authorisation saved for ${row.organisation.name}`;
    });

  function search(event: FormEvent) {
    event.preventDefault();
    setParams({ ...draft, query: draft.query?.trim() || undefined, status: draft.status });
  }
  const done = (message: string) => setNotice({ variant: 'success', message });

  const flagCell = (row: CollectionOrganisation, flag: Flag, setting: Requirement, label: string) => {
    const id = `${flag}-${row.organisationId}`;
    const forced = setting !== 'optional';
    return (
      <Checkbox
        id={id}
        inCell
        labelHidden
        label={`${label} required for ${row.organisation.name}${forced ? ` (${forcedText[setting]})` : ''}`}
        checked={row[flag]}
        disabled={!canChange || forced || flags.isPending}
        onChange={(checked) => toggle(row, flag, checked)}
      />
    );
  };

  return (
    <section aria-labelledby="recipients-heading">
      <h2 className="nhsuk-heading-m" id="recipients-heading">
        Organisations
      </h2>
      {notice ? (
        <Notification
          key={JSON.stringify(notice)}
          variant={notice.variant}
          message={notice.message}
          stayOpen
          onClose={() => setNotice(null)}
        />
      ) : null}
      <p className="nhsuk-body">
        Trust authorisation is {describe(collection.trustAuthorisation)}; NHSI authorisation is{' '}
        {describe(collection.nhsiAuthorisation)}.
        {collection.trustAuthorisation === 'optional' || collection.nhsiAuthorisation === 'optional'
          ? ' Where it is optional, tick it for each organisation that needs it.'
          : ''}
      </p>
      {canChange ? (
        <>
          <h3 className="nhsuk-heading-s">Add organisations</h3>
          {/* "Select all N matching" in the search opens this with the search filled in and counted. */}
          <details className="nhsuk-details" open={matching !== null ? true : undefined}>
            <summary className="nhsuk-details__summary">
              <span className="nhsuk-details__summary-text">By type, region, ICB or name</span>
            </summary>
            <div className="nhsuk-details__text">
              <AddByCriteria
                key={matching ?? ''}
                collectionId={collection.id}
                onDone={done}
                {...(matching !== null ? { initial: { query: matching }, countAtOnce: true } : {})}
              />
            </div>
          </details>
          <details className="nhsuk-details">
            <summary className="nhsuk-details__summary">
              <span className="nhsuk-details__summary-text">From a list of ODS codes</span>
            </summary>
            <div className="nhsuk-details__text">
              <CodeList collectionId={collection.id} action="add" onDone={done} />
            </div>
          </details>
          <button
            type="button"
            className="nhsuk-button nhsuk-button--secondary"
            onClick={() => setAdding(true)}
          >
            Add organisations
          </button>
          <details className="nhsuk-details">
            <summary className="nhsuk-details__summary">
              <span className="nhsuk-details__summary-text">Remove a list of ODS codes</span>
            </summary>
            <div className="nhsuk-details__text">
              <CodeList collectionId={collection.id} action="remove" onDone={done} />
            </div>
          </details>
        </>
      ) : null}
      <h3 className="nhsuk-heading-s">Recipients</h3>
      <search>
        <form onSubmit={search} className="nhsuk-u-margin-bottom-4" aria-label="Filter recipients">
          <CriteriaFields
            key={JSON.stringify(filters)}
            idPrefix="recipient-filter"
            value={draft}
            onChange={setDraft}
            withStatus
          />
          <button type="submit" className="nhsuk-button nhsuk-button--secondary">
            Search
          </button>
        </form>
      </search>
      {canChange ? (
        <RemoveMatching
          key={JSON.stringify(filters)}
          collectionId={collection.id}
          criteria={filters}
          onDone={done}
        />
      ) : null}
      <QueryState
        query={recipients}
        isEmpty={(list) => list.items.length === 0}
        emptyMessage={
          query
            ? 'No recipient organisations match this search.'
            : 'There are no recipient organisations yet.'
        }
      >
        {(list) => {
          const pages = Math.max(1, Math.ceil(list.total / pageSize));
          return (
            <>
              <DataTable
                caption="Recipient organisations"
                rows={list.items}
                rowKey={(row) => row.organisationId}
                sort={{
                  sortBy: listQuery.sortBy,
                  sortOrder: listQuery.sortOrder,
                  onSort: (sortBy, sortOrder) => setParams({ sortBy, sortOrder }),
                }}
                columns={[
                  { key: 'name', header: 'Name', sortable: true, cell: (row) => row.organisation.name },
                  { key: 'code', header: 'Code', sortable: true, cell: (row) => row.organisation.code },
                  {
                    key: 'region',
                    header: 'Region',
                    sortable: true,
                    cell: (row) => row.organisation.region?.name ?? '',
                  },
                  {
                    key: 'type',
                    header: 'Type',
                    sortable: true,
                    cell: (row) => row.organisation.organisationType?.shortDescription ?? '',
                  },
                  {
                    key: 'trust',
                    header: 'Trust authorisation',
                    cell: (row) =>
                      flagCell(
                        row,
                        'isTrustAuthorisationRequired',
                        collection.trustAuthorisation,
                        'Trust authorisation',
                      ),
                  },
                  {
                    key: 'nhsi',
                    header: 'NHSI authorisation',
                    cell: (row) =>
                      flagCell(
                        row,
                        'isNhsiAuthorisationRequired',
                        collection.nhsiAuthorisation,
                        'NHSI authorisation',
                      ),
                  },
                ]}
                {...(canChange
                  ? {
                      rowActions: (row: (typeof list.items)[number]) => (
                        <button
                          type="button"
                          className="nhsuk-button nhsuk-button--secondary nhsuk-button--small nhsuk-u-margin-bottom-0"
                          onClick={() => setRemoving(row)}
                        >
                          Remove<span className="nhsuk-u-visually-hidden"> {row.organisation.name}</span>
                        </button>
                      ),
                    }
                  : {})}
              />
              <p className="nhsuk-body" data-testid="recipients-page">
                Page {page} of {pages} ({list.total} {list.total === 1 ? 'organisation' : 'organisations'})
              </p>
              <ListPaging
                total={list.total}
                query={listQuery}
                defaultPageSize={PAGE_SIZE}
                onChange={setParams}
              />
            </>
          );
        }}
      </QueryState>
      <SearchWidget
        kind="manageOrganisations"
        open={adding}
        multiple
        search={(searchTerm, page) => searchOrganisations(searchTerm, { openOnly: true, page })}
        onSelectAllMatching={(searchTerm) => {
          setAdding(false);
          setMatching(searchTerm);
        }}
        onCancel={() => setAdding(false)}
        onSelect={(rows) => {
          setAdding(false);
          void addSelected(rows.map((row) => row.id));
        }}
      />
      <YesNoModal
        open={removing !== null}
        title="Remove this organisation?"
        onYes={() => {
          const row = removing;
          setRemoving(null);
          if (row) void remove(row);
        }}
        onNo={() => setRemoving(null)}
      >
        {`${removing?.organisation.name ?? ''} will no longer be asked for returns in this collection.`}
      </YesNoModal>
    </section>
  );
}

function describe(setting: Requirement): string {
  return setting === 'optional' ? 'optional' : forcedText[setting];
}
