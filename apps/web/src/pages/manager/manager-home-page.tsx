import { type ManagerCollection, menuSections } from '@dcf/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useManagerHome } from '../../api/views';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import { PageContainer, QueryState, Select } from '../../components';
import { CollectionsTable } from './collections-table';
import { ExportButtons } from './exports/export-buttons';
import { LiveFeed } from './exports/live-feed';

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
    <PageContainer title="Collections you manage" trail={[]}>
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
