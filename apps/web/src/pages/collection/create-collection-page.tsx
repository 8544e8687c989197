import { NotYetAvailable } from '../../components/not-yet-available';

/** Create a collection (route: /collection/create). */
export function CreateCollectionPage() {
  return <NotYetAvailable title="Create a collection" />;
}
