import { NotYetAvailable } from '../../components/not-yet-available';

/** Collections you manage (route: /collection/manage). */
export function ManagerHomePage() {
  return <NotYetAvailable title="Collections you manage" />;
}
