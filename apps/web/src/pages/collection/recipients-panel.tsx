import type { CollectionDto, CollectionOrganisation, Requirement } from '@dcf/domain';
import { type FormEvent, useState } from 'react';
import { useBulkRecipients, useRecipients, useSetRecipientFlags } from '../../api/collection-organisations';
import { searchOrganisations } from '../../api/organisations';
import { Notification, QueryState, SearchWidget, YesNoModal } from '../../components';
import { problemMessages } from './problem-messages';

const PAGE_SIZE = 25;

type Notice = { variant: 'success' | 'error'; message: string | string[] };
type Flag = 'isTrustAuthorisationRequired' | 'isNhsiAuthorisationRequired';

const forcedText: Record<Exclude<Requirement, 'optional'>, string> = {
  mandatory: 'mandatory for this collection',
  notRequired: 'not required for this collection',
};

/**
 * A collection's recipient organisations (amend page, organisations tab, and
 * /manage/collection/{id}/organisations): searched and paged by the server (a national collection has
 * 15,000), added many at once through the search widget, removed one at a time after a confirmation.
 * The per-organisation trust and NHSI flags can be ticked only where the collection's setting is
 * optional; mandatory and notRequired force them, so those checkboxes are shown disabled.
 */
export function RecipientsPanel({ collection }: { collection: CollectionDto }) {
  const [term, setTerm] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<CollectionOrganisation | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const recipients = useRecipients(collection.id, { query: query || undefined, page, pageSize: PAGE_SIZE });
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
    setQuery(term.trim());
    setPage(1);
  }

  const flagCell = (row: CollectionOrganisation, flag: Flag, setting: Requirement, label: string) => {
    const id = `${flag}-${row.organisationId}`;
    const forced = setting !== 'optional';
    return (
      <div className="nhsuk-checkboxes nhsuk-checkboxes--small">
        <div className="nhsuk-checkboxes__item">
          <input
            id={id}
            className="nhsuk-checkboxes__input"
            type="checkbox"
            checked={row[flag]}
            disabled={!canChange || forced || flags.isPending}
            onChange={(e) => toggle(row, flag, e.target.checked)}
          />
          <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={id}>
            <span className="nhsuk-u-visually-hidden">
              {label} required for {row.organisation.name}
              {forced ? ` (${forcedText[setting]})` : ''}
            </span>
          </label>
        </div>
      </div>
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
        <button type="button" className="nhsuk-button" onClick={() => setAdding(true)}>
          Add organisations
        </button>
      ) : null}
      <search>
        <form onSubmit={search} className="nhsuk-u-margin-bottom-4">
          <div className="nhsuk-form-group">
            <label className="nhsuk-label" htmlFor="recipient-search">
              Search recipients by name or ODS code
            </label>
            <input
              className="nhsuk-input nhsuk-u-width-one-half"
              id="recipient-search"
              type="search"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
            />
          </div>
          <button type="submit" className="nhsuk-button nhsuk-button--secondary">
            Search
          </button>
        </form>
      </search>
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
          const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
          return (
            <>
              <div className="dcf-table-scroll">
                <table className="nhsuk-table">
                  <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">
                    Recipient organisations
                  </caption>
                  <thead className="nhsuk-table__head">
                    <tr className="nhsuk-table__row">
                      <th scope="col" className="nhsuk-table__header">
                        Name
                      </th>
                      <th scope="col" className="nhsuk-table__header">
                        Code
                      </th>
                      <th scope="col" className="nhsuk-table__header">
                        Region
                      </th>
                      <th scope="col" className="nhsuk-table__header">
                        Type
                      </th>
                      <th scope="col" className="nhsuk-table__header">
                        Trust authorisation
                      </th>
                      <th scope="col" className="nhsuk-table__header">
                        NHSI authorisation
                      </th>
                      {canChange ? (
                        <th scope="col" className="nhsuk-table__header">
                          <span className="nhsuk-u-visually-hidden">Actions</span>
                        </th>
                      ) : null}
                    </tr>
                  </thead>
                  <tbody className="nhsuk-table__body">
                    {list.items.map((row) => (
                      <tr key={row.organisationId} className="nhsuk-table__row">
                        <td className="nhsuk-table__cell">{row.organisation.name}</td>
                        <td className="nhsuk-table__cell">{row.organisation.code}</td>
                        <td className="nhsuk-table__cell">{row.organisation.region?.name ?? ''}</td>
                        <td className="nhsuk-table__cell">
                          {row.organisation.organisationType?.shortDescription ?? ''}
                        </td>
                        <td className="nhsuk-table__cell">
                          {flagCell(
                            row,
                            'isTrustAuthorisationRequired',
                            collection.trustAuthorisation,
                            'Trust authorisation',
                          )}
                        </td>
                        <td className="nhsuk-table__cell">
                          {flagCell(
                            row,
                            'isNhsiAuthorisationRequired',
                            collection.nhsiAuthorisation,
                            'NHSI authorisation',
                          )}
                        </td>
                        {canChange ? (
                          <td className="nhsuk-table__cell">
                            <button
                              type="button"
                              className="nhsuk-button nhsuk-button--secondary nhsuk-button--small nhsuk-u-margin-bottom-0"
                              onClick={() => setRemoving(row)}
                            >
                              Remove<span className="nhsuk-u-visually-hidden"> {row.organisation.name}</span>
                            </button>
                          </td>
                        ) : null}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="nhsuk-body" data-testid="recipients-page">
                Page {page} of {pages} ({list.total} {list.total === 1 ? 'organisation' : 'organisations'})
              </p>
              <div className="nhsuk-button-group">
                {page > 1 ? (
                  <button
                    type="button"
                    className="nhsuk-button nhsuk-button--secondary"
                    onClick={() => setPage(page - 1)}
                  >
                    Previous page
                  </button>
                ) : null}
                {page < pages ? (
                  <button
                    type="button"
                    className="nhsuk-button nhsuk-button--secondary"
                    onClick={() => setPage(page + 1)}
                  >
                    Next page
                  </button>
                ) : null}
              </div>
            </>
          );
        }}
      </QueryState>
      <SearchWidget
        kind="manageOrganisations"
        open={adding}
        multiple
        search={(searchTerm) => searchOrganisations(searchTerm, { openOnly: true })}
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
