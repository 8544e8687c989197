import { formatMediumDateTime, type ManagerCollection } from '@dcf/domain';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { type Column, DataTable, PeriodStatusTag } from '../../components';
import { onTimeText, receivedText } from './period-counts';

/**
 * The columns of a list of collections with their current and next periods (the manager home, the
 * admin submissions overview); `showStatus` adds the collection's status.
 */
export function collectionColumns(showStatus: boolean): Column<ManagerCollection>[] {
  return [
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
  ];
}

/**
 * A collection's links, the last cell of its row. Submission managers monitor only; collection
 * managers and administrators also set up: the collection's abilities say which (the API's policy).
 * An archived collection is set up to restore it.
 */
export const collectionActions = (c: ManagerCollection) => (
  <CollectionLinks collection={c} canSetUp={c.abilities.canAmend || c.abilities.canPublish} />
);

/** The collections with their current and next periods, as the manager home lists them. */
export function CollectionsTable({
  collections,
  caption,
}: {
  collections: readonly ManagerCollection[];
  caption: string;
}) {
  return (
    <DataTable
      caption={caption}
      rows={collections}
      rowKey={(c) => c.id}
      columns={collectionColumns(false)}
      rowActions={collectionActions}
    />
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
