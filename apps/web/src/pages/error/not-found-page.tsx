import { Link } from 'react-router';
import { FullPageMessage } from '../../components/full-page-message';

/** No screen at this address. */
export function NotFoundPage() {
  return (
    <FullPageMessage title="Page not found">
      <p className="nhsuk-body">If you typed the web address, check it is correct.</p>
      <p className="nhsuk-body">If you pasted the web address, check you copied the entire address.</p>
      <p className="nhsuk-body">
        <Link to="/">Return to the homepage</Link>
      </p>
    </FullPageMessage>
  );
}
