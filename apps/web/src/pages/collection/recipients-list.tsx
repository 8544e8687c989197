import type {
  CollectionDto,
  CollectionOrganisation,
  CollectionOrganisationListQuery,
  Requirement,
} from '@dcf/domain';
import type { useRecipients } from '../../api/collection-organisations';
import {
  Checkbox,
  type Column,
  DataTable,
  Details,
  ListPaging,
  QueryState,
  querySort,
} from '../../components';
import { AddByCriteria, CodeList } from './recipient-selection';

export const PAGE_SIZE = 25;

export type Flag = 'isTrustAuthorisationRequired' | 'isNhsiAuthorisationRequired';

const forcedText: Record<Exclude<Requirement, 'optional'>, string> = {
  mandatory: 'mandatory for this collection',
  notRequired: 'not required for this collection',
};

function describe(setting: Requirement): string {
  return setting === 'optional' ? 'optional' : forcedText[setting];
}

/** What the collection's authorisation settings mean for the ticks in the list. */
export function AuthorisationNote({ collection }: { collection: CollectionDto }) {
  return (
    <p className="nhsuk-body">
      Trust authorisation is {describe(collection.trustAuthorisation)}; NHSI authorisation is{' '}
      {describe(collection.nhsiAuthorisation)}.
      {collection.trustAuthorisation === 'optional' || collection.nhsiAuthorisation === 'optional'
        ? ' Where it is optional, tick it for each organisation that needs it.'
        : ''}
    </p>
  );
}

/**
 * A row's trust or NHSI authorisation tick: it can be changed only where the collection's setting is
 * optional; mandatory and notRequired force it, so it is shown disabled and says why.
 */
function FlagCell({
  row,
  flag,
  setting,
  label,
  canTick,
  onTick,
}: {
  row: CollectionOrganisation;
  flag: Flag;
  setting: Requirement;
  label: string;
  canTick: boolean;
  onTick: (row: CollectionOrganisation, flag: Flag, checked: boolean) => void;
}) {
  const forced = setting !== 'optional';
  return (
    <Checkbox
      id={`${flag}-${row.organisationId}`}
      inCell
      labelHidden
      label={`${label} required for ${row.organisation.name}${forced ? ` (${forcedText[setting]})` : ''}`}
      checked={row[flag]}
      disabled={!canTick || forced}
      onChange={(checked) => onTick(row, flag, checked)}
    />
  );
}

/** The ways a manager adds organisations to a collection, and removes a list of codes (decision 0021). */
export function AddOrganisations({
  collectionId,
  matching,
  onDone,
  onSearch,
}: {
  collectionId: number;
  /** The search a user chose to add in full ("Select all N matching"): opens the criteria form, counted. */
  matching: string | null;
  onDone: (message: string) => void;
  /** Opens the search widget. */
  onSearch: () => void;
}) {
  return (
    <>
      <h3 className="nhsuk-heading-s">Add organisations</h3>
      {/* "Select all N matching" in the search opens this with the search filled in and counted. */}
      <Details summary="By type, region, ICB or name" open={matching !== null ? true : undefined}>
        <AddByCriteria
          key={matching ?? ''}
          collectionId={collectionId}
          onDone={onDone}
          {...(matching !== null ? { initial: { query: matching }, countAtOnce: true } : {})}
        />
      </Details>
      <Details summary="From a list of ODS codes">
        <CodeList collectionId={collectionId} action="add" onDone={onDone} />
      </Details>
      <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={onSearch}>
        Add organisations
      </button>
      <Details summary="Remove a list of ODS codes">
        <CodeList collectionId={collectionId} action="remove" onDone={onDone} />
      </Details>
    </>
  );
}

/** One page of a collection's recipients: the sortable table, its page count and paging. */
export function RecipientsList({
  collection,
  recipients,
  listQuery,
  onParams,
  canTick,
  onTick,
  onRemove,
}: {
  collection: CollectionDto;
  recipients: ReturnType<typeof useRecipients>;
  listQuery: CollectionOrganisationListQuery;
  /** A change of page, page size or sort, for the URL. */
  onParams: (change: { page?: number; pageSize?: number; sortBy?: string; sortOrder?: string }) => void;
  /** Whether the authorisation ticks may be changed now (by whom may, and not while one is saving). */
  canTick: boolean;
  onTick: (row: CollectionOrganisation, flag: Flag, checked: boolean) => void;
  /** Offers a Remove button on each row (only to whoever may change the recipients). */
  onRemove?: ((row: CollectionOrganisation) => void) | undefined;
}) {
  const { page, pageSize, query } = listQuery;
  // A column of one authorisation's ticks, headed and labelled with its name.
  const flagColumn = (
    key: string,
    flag: Flag,
    setting: Requirement,
    label: string,
  ): Column<CollectionOrganisation> => ({
    key,
    header: label,
    cell: (row) => (
      <FlagCell row={row} flag={flag} setting={setting} label={label} canTick={canTick} onTick={onTick} />
    ),
  });
  return (
    <QueryState
      query={recipients}
      isEmpty={(list) => list.items.length === 0}
      emptyMessage={
        query ? 'No recipient organisations match this search.' : 'There are no recipient organisations yet.'
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
              sort={querySort(listQuery, onParams)}
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
                flagColumn(
                  'trust',
                  'isTrustAuthorisationRequired',
                  collection.trustAuthorisation,
                  'Trust authorisation',
                ),
                flagColumn(
                  'nhsi',
                  'isNhsiAuthorisationRequired',
                  collection.nhsiAuthorisation,
                  'NHSI authorisation',
                ),
              ]}
              {...(onRemove
                ? {
                    rowActions: (row: CollectionOrganisation) => (
                      <button
                        type="button"
                        className="nhsuk-button nhsuk-button--secondary nhsuk-button--small nhsuk-u-margin-bottom-0"
                        onClick={() => onRemove(row)}
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
              onChange={onParams}
            />
          </>
        );
      }}
    </QueryState>
  );
}
