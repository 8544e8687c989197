import { NotYetAvailable } from '../../components/not-yet-available';

/** Hidden collections (route: /collection/admin/hidden). */
export function HiddenCollectionsPage() {
  return <NotYetAvailable title="Hidden collections" />;
}
