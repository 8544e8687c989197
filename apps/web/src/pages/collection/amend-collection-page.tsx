import { NotYetAvailable } from '../../components/not-yet-available';

/** Amend collection (route: /collection/amend/{collectionId}/*). */
export function AmendCollectionPage() {
  return <NotYetAvailable title="Amend collection" />;
}
