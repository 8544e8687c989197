import { Link } from 'react-router';
import { FullPageMessage } from './full-page-message';

/** Stands in for a screen that is not built yet: a plain, accessible page, never a broken one. */
export function NotYetAvailable({ title }: { title: string }) {
  return (
    <FullPageMessage title={title}>
      <p className="nhsuk-body">This page is not yet available.</p>
      <p className="nhsuk-body">
        <Link to="/">Return to the homepage</Link>
      </p>
    </FullPageMessage>
  );
}
