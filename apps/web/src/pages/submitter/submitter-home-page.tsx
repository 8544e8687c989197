import { NotYetAvailable } from '../../components/not-yet-available';

/** Collections to submit (route: /collection/submit). */
export function SubmitterHomePage() {
  return <NotYetAvailable title="Collections to submit" />;
}
