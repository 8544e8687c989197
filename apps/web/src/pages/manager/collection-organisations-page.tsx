import { NotYetAvailable } from '../../components/not-yet-available';

/** Collection organisations (route: /manage/collection/{collectionId}/organisations). */
export function CollectionOrganisationsPage() {
  return <NotYetAvailable title="Collection organisations" />;
}
