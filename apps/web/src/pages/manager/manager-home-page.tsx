import { formatMediumDateTime, type ManagerCollection, menuSections } from '@dcf/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useManagerHome } from '../../api/views';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import {
  Breadcrumbs,
  DataTable,
  PageContainer,
  PeriodStatusTag,
  QueryState,
  Select,
  type SortOrder,
} from '../../components';
import { ExportButtons } from './exports/export-buttons';
import { LiveFeed } from './exports/live-feed';
import { onTimeText, receivedText } from './period-counts';

/**
 * Collections you manage (route: /collection/manage): each collection's current period (received of
 * expected, on time, missed) and next period, with a link to the period's submissions; then the
 * export of a whole collection (every period).
 */
export function ManagerHomePage() {
  const home = useManagerHome();
  const user = useUser();
  // The API's createCollection rule: administrators and collection managers (not submission managers).
  const canCreate =
    menuSections(user).admin || user.collectionRoles.some((r) => r.role === 'collectionManager');
  return (
    <PageContainer
      title="Collections you manage"
      breadcrumbs={<Breadcrumbs items={[{ text: 'Collections you manage' }]} />}
    >
      {canCreate ? (
        <Link className="nhsuk-button" to={paths.createCollection}>
          Create a collection
        </Link>
      ) : null}
      <QueryState
        query={home}
        isEmpty={(data) => data.collections.length === 0}
        emptyMessage="You do not manage any collection yet."
      >
        {(data) => (
          <>
            <CollectionsTable collections={data.collections} caption="Collections you manage" />
            <CollectionExport collections={data.collections} />
          </>
        )}
      </QueryState>
    </PageContainer>
  );
}

/** Every period's returns of one collection, as CSV or XLSX: choose the collection, then the format. */
function CollectionExport({ collections }: { collections: readonly ManagerCollection[] }) {
  const [id, setId] = useState(collections.length === 1 ? String(collections[0]!.id) : '');
  const chosen = collections.find((c) => String(c.id) === id);
  return (
    <section aria-labelledby="collection-export-heading">
      <h2 className="nhsuk-heading-m" id="collection-export-heading">
        Export a whole collection
      </h2>
      <Select
        label="Collection"
        hint="Every reporting period's returns: one row per organisation and period."
        value={id}
        onChange={setId}
        options={collections.map((c) => ({ value: String(c.id), label: c.name }))}
      />
      {chosen ? (
        <>
          <ExportButtons key={chosen.id} collectionId={chosen.id} subject={`all periods of ${chosen.name}`} />
          <LiveFeed collectionId={chosen.id} collectionName={chosen.name} />
        </>
      ) : null}
    </section>
  );
}

/**
 * Set up (the collection's overview and tabs), Monitor (its current period's submissions, or its
 * periods before one has opened) and All periods (every period, closed ones included, with its counts),
 * each naming the collection for screen readers.
 */
function CollectionLinks({ collection, canSetUp }: { collection: ManagerCollection; canSetUp: boolean }) {
  const monitor = collection.currentPeriod
    ? paths.managerReportingPeriod(collection.currentPeriod.id)
    : paths.reportingPeriods(collection.id);
  return (
    <ul className="nhsuk-list nhsuk-u-margin-bottom-0">
      {canSetUp ? (
        <li>
          <Link to={paths.amendCollection(collection.id)}>
            Set up<span className="nhsuk-u-visually-hidden"> {collection.name}</span>
          </Link>
        </li>
      ) : null}
      <li>
        <Link to={monitor}>
          Monitor<span className="nhsuk-u-visually-hidden"> {collection.name}</span>
        </Link>
      </li>
      <li>
        <Link to={paths.reportingPeriods(collection.id)}>
          All periods<span className="nhsuk-u-visually-hidden"> of {collection.name}</span>
        </Link>
      </li>
    </ul>
  );
}

/** The collections with their current and next periods; shared with the admin submissions overview. */
export function CollectionsTable({
  collections,
  caption,
  showStatus = false,
  sort,
}: {
  collections: readonly ManagerCollection[];
  caption: string;
  showStatus?: boolean;
  /** Sortable Collection and Status headers, for a list the server sorts (the admin overview). */
  sort?: { sortBy: string; sortOrder: SortOrder; onSort: (sortBy: string, sortOrder: SortOrder) => void };
}) {
  // Submission managers monitor only; collection managers and administrators also set up: the
  // collection's abilities say which (the API's policy). An archived collection is set up to restore it.
  const canSetUp = (c: ManagerCollection) => c.abilities.canAmend || c.abilities.canPublish;
  return (
    <DataTable
      caption={caption}
      rows={collections}
      rowKey={(c) => c.id}
      {...(sort ? { sort } : {})}
      columns={[
        {
          key: 'name',
          header: 'Collection',
          sortable: true,
          cell: (c) => (
            <>
              {c.name}
              <span className="nhsuk-body-s nhsuk-u-display-block nhsuk-u-secondary-text-colour">
                {c.recipients.toLocaleString('en-GB')} {c.recipients === 1 ? 'recipient' : 'recipients'}
              </span>
            </>
          ),
        },
        { key: 'status', header: 'Status', sortable: true, shown: showStatus, cell: (c) => c.status },
        {
          key: 'current',
          header: 'Current period',
          cell: ({ currentPeriod: current }) =>
            current ? (
              <>
                <Link to={paths.managerReportingPeriod(current.id)}>{current.name}</Link>{' '}
                <PeriodStatusTag status={current.reportingPeriodStatus} />
              </>
            ) : (
              'None yet'
            ),
        },
        {
          key: 'received',
          header: 'Received',
          cell: (c) => (c.currentPeriod ? receivedText(c.currentPeriod.counts) : ''),
        },
        {
          key: 'onTime',
          header: 'On time',
          cell: (c) => (c.currentPeriod ? onTimeText(c.currentPeriod.counts) : ''),
        },
        {
          key: 'missed',
          header: 'Missed',
          cell: (c) => (c.currentPeriod ? c.currentPeriod.counts.missed.toLocaleString('en-GB') : ''),
        },
        {
          key: 'next',
          header: 'Next period',
          cell: ({ nextPeriod: next }) =>
            next ? (
              <>
                <Link to={paths.managerReportingPeriod(next.id)}>{next.name}</Link>
                <span className="nhsuk-body-s nhsuk-u-display-block nhsuk-u-secondary-text-colour">
                  opens {formatMediumDateTime(next.submissionsOpen)}
                </span>
              </>
            ) : (
              'None scheduled'
            ),
        },
      ]}
      rowActions={(c) => <CollectionLinks collection={c} canSetUp={canSetUp(c)} />}
    />
  );
}
