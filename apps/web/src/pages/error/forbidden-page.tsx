import { messages } from '@dcf/domain/messages';
import { Link } from 'react-router';
import { FullPageMessage } from '../../components/full-page-message';

/** Shown when the signed-in user's roles do not include this screen. */
export function ForbiddenPage() {
  return (
    <FullPageMessage title={messages.forbidden}>
      <p className="nhsuk-body">You do not have permission to view this page.</p>
      <p className="nhsuk-body">
        If you think you should, ask the collection&rsquo;s manager or an administrator to give you access.
      </p>
      <p className="nhsuk-body">
        <Link to="/">Return to the homepage</Link>
      </p>
    </FullPageMessage>
  );
}
