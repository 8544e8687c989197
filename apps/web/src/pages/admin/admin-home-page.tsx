import { NotYetAvailable } from '../../components/not-yet-available';

/** Administration (route: /collection/admin and /user/settings). */
export function AdminHomePage() {
  return <NotYetAvailable title="Administration" />;
}
