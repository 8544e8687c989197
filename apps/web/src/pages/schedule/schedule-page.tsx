import { NotYetAvailable } from '../../components/not-yet-available';

/** Schedule (route: /schedule/{collectionId}/{action?}). */
export function SchedulePage() {
  return <NotYetAvailable title="Schedule" />;
}
