import { paths } from '../../app/paths';
import { SignInForm } from '../../app/sign-in-form';
import { FullPageMessage } from '../../components/full-page-message';

/**
 * /endSession: where an idle session ends up (SESSIONMANAGEMENT). The header shows only a Logout link.
 * It offers a sign-in rather than sending the visitor straight to the login page, so they can read why.
 */
export function EndSessionPage() {
  return (
    <FullPageMessage title="Your session has ended">
      <p className="nhsuk-body">
        For your security, you were signed out because you had not used the service for a while.
      </p>
      <p className="nhsuk-body">Any changes you had not saved have been lost.</p>
      <SignInForm returnTo={paths.landing} label="Sign in again" />
    </FullPageMessage>
  );
}
