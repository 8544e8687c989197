import { NotYetAvailable } from '../../components/not-yet-available';

/** Organisations (route: /organisation). */
export function OrganisationListPage() {
  return <NotYetAvailable title="Organisations" />;
}
