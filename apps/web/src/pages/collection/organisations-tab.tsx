import { useCollection } from '../../api/collections';
import { QueryState } from '../../components';
import { RecipientsPanel } from './recipients-panel';

/** Organisations tab of the amend page: the collection's recipients. */
export function OrganisationsTab({ collectionId }: { collectionId: number }) {
  const collection = useCollection(collectionId);
  return <QueryState query={collection}>{(data) => <RecipientsPanel collection={data} />}</QueryState>;
}
