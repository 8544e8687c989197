import { NotYetAvailable } from '../../components/not-yet-available';

/** Form (route: /form/collection/{collectionId}/organisation/{organisationId}/reportingPeriod/{reportingPeriodId?}). */
export function FormEntryPage() {
  return <NotYetAvailable title="Form" />;
}
