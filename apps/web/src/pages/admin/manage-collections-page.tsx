import { NotYetAvailable } from '../../components/not-yet-available';

/** Manage collections (route: /collection/admin/manage). */
export function ManageCollectionsPage() {
  return <NotYetAvailable title="Manage collections" />;
}
