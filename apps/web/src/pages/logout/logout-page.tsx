import { useEffect, useRef } from 'react';
import { useLogout } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { browser } from '../../app/browser';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import { SignInForm } from '../../app/sign-in-form';
import { FullPageMessage } from '../../components/full-page-message';
import { Notification } from '../../components/notification';
import { Spinner } from '../../components/spinner';

/**
 * /logout (public): signs the user out through POST /Auth/Logout. When the API answers with a
 * `redirectUrl` (to end the identity provider's session too) the browser goes there; otherwise the page
 * confirms the sign-out and offers to sign in again.
 */
export function LogoutPage() {
  const user = useUser();
  const logout = useLogout();
  const started = useRef(false);
  const { mutate } = logout;

  useEffect(() => {
    if (!user.isAuthenticated || started.current) return;
    started.current = true;
    mutate(undefined, {
      onSuccess: (response) => {
        if (response.redirectUrl) browser.assign(response.redirectUrl);
      },
    });
  }, [user.isAuthenticated, mutate]);

  if (logout.isError) {
    return (
      <FullPageMessage title="Sign out">
        <Notification
          variant="error"
          message={errorMessage(logout.error)}
          dismissible={false}
          focusOnShow={false}
        />
        <p className="nhsuk-body">We could not sign you out. Try again.</p>
        <button type="button" className="nhsuk-button" onClick={() => logout.mutate()}>
          Sign out
        </button>
      </FullPageMessage>
    );
  }

  const leavingForIdentityProvider = logout.isSuccess && Boolean(logout.data.redirectUrl);
  if ((user.isAuthenticated && !logout.isSuccess) || leavingForIdentityProvider) {
    return <Spinner block label="Signing out" />;
  }

  return (
    <FullPageMessage title="You have been signed out">
      <p className="nhsuk-body">You have signed out of the Data Collection Framework.</p>
      <SignInForm returnTo={paths.landing} label="Sign in again" />
    </FullPageMessage>
  );
}
