import { NotYetAvailable } from '../../components/not-yet-available';

/** Submitter access (route: /collection/manage/submitterAccess/{collectionId}). */
export function SubmitterAccessPage() {
  return <NotYetAvailable title="Submitter access" />;
}
