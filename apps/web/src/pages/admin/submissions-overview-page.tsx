import { NotYetAvailable } from '../../components/not-yet-available';

/** Submissions overview (route: /collection/admin/submissions). */
export function SubmissionsOverviewPage() {
  return <NotYetAvailable title="Submissions overview" />;
}
