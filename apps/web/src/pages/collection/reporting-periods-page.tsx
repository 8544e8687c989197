import { NotYetAvailable } from '../../components/not-yet-available';

/** Reporting periods (route: /collection/{collectionId}/reportingPeriod/{id?}/{isManager?}). */
export function ReportingPeriodsPage() {
  return <NotYetAvailable title="Reporting periods" />;
}
