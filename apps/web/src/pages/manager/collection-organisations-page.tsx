import { useParams } from 'react-router';
import { useCollection } from '../../api/collections';
import { paths } from '../../app/paths';
import { Breadcrumbs, PageContainer, QueryState } from '../../components';
import { RecipientsPanel } from '../collection/recipients-panel';

/**
 * Collection organisations (route: /manage/collection/{collectionId}/organisations): the same recipients
 * panel as the amend page's organisations tab, on a page of its own for managers coming from their home.
 */
export function CollectionOrganisationsPage() {
  const params = useParams();
  const collectionId = Number(params.collectionId);
  const collection = useCollection(collectionId);
  const title = collection.data ? `${collection.data.name}: organisations` : 'Collection organisations';
  return (
    <PageContainer
      title={title}
      breadcrumbs={
        <Breadcrumbs
          items={[
            { text: 'Manage collections', href: paths.managerHome },
            { text: 'Collection organisations' },
          ]}
        />
      }
    >
      <QueryState query={collection}>{(data) => <RecipientsPanel collection={data} />}</QueryState>
    </PageContainer>
  );
}
