import {
  type CollectionDto,
  type CollectionOrganisation,
  collectionOrganisationListQuerySchema,
} from '@dcf/domain';
import { type FormEvent, useState } from 'react';
import { useRecipients } from '../../api/collection-organisations';
import { searchOrganisations } from '../../api/organisations';
import {
  OutcomeBanner,
  SearchWidget,
  sortedListStart,
  useListQuery,
  YesNoModalAbout,
} from '../../components';
import { type Criteria, CriteriaFields, RemoveMatching } from './recipient-selection';
import { AddOrganisations, AuthorisationNote, PAGE_SIZE, RecipientsList } from './recipients-list';
import { useRecipientActions } from './use-recipient-actions';

/** The recipients list's state, kept in the URL (decision 0021). */
const listDefaults = {
  ...sortedListStart(PAGE_SIZE, 'name', 'ASC'),
  query: undefined as string | undefined,
  organisationTypeId: undefined as number | undefined,
  regionId: undefined as number | undefined,
  stpId: undefined as number | undefined,
  status: undefined as string | undefined,
};

/** What a URL the API would refuse shows: every default (sort and status too, which the table reads). */
const firstOpen = collectionOrganisationListQuerySchema.parse({});

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
  const recipients = useRecipients(collection.id, listQuery);
  const { notice, setNotice, done, addSelected, remove, toggle, flagsPending } = useRecipientActions(
    collection.id,
  );
  const canChange = collection.abilities.canAmend;

  function search(event: FormEvent) {
    event.preventDefault();
    setParams({ ...draft, query: draft.query?.trim() || undefined, status: draft.status });
  }

  return (
    <section aria-labelledby="recipients-heading">
      <h2 className="nhsuk-heading-m" id="recipients-heading">
        Organisations
      </h2>
      <OutcomeBanner outcome={notice} onClose={() => setNotice(null)} />
      <AuthorisationNote collection={collection} />
      {canChange ? (
        <AddOrganisations
          collectionId={collection.id}
          matching={matching}
          onDone={done}
          onSearch={() => setAdding(true)}
        />
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
      <RecipientsList
        collection={collection}
        recipients={recipients}
        listQuery={listQuery}
        onParams={setParams}
        canTick={canChange && !flagsPending}
        onTick={toggle}
        onRemove={canChange ? setRemoving : undefined}
      />
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
      <YesNoModalAbout
        subject={removing}
        title="Remove this organisation?"
        onYes={(row) => void remove(row)}
        onClose={() => setRemoving(null)}
      >
        {(row) => `${row.organisation.name} will no longer be asked for returns in this collection.`}
      </YesNoModalAbout>
    </section>
  );
}
