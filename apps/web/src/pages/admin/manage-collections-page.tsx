import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { PageContainer } from '../../components';
import { CollectionList } from './collection-list';

/** Manage collections (route: /collection/admin/manage): every collection, to open and set up. */
export function ManageCollectionsPage() {
  const title = 'Manage collections';
  return (
    <PageContainer title={title} trail={[]}>
      <Link className="nhsuk-button" to={paths.createCollection}>
        Create a collection
      </Link>
      <p className="nhsuk-body">
        Archived collections are also listed under{' '}
        <Link to={paths.hiddenCollections}>hidden collections</Link>.
      </p>
      <CollectionList caption="Collections" emptyMessage="No collections match this search." />
    </PageContainer>
  );
}
