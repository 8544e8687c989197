import { NotYetAvailable } from '../../components/not-yet-available';

/** Reporting period submissions (route: /collection/manage/reportingPeriod/{id}). */
export function ReportingPeriodSubmissionsPage() {
  return <NotYetAvailable title="Reporting period submissions" />;
}
