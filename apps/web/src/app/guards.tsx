import { Outlet, useLocation } from 'react-router';
import { FullPageMessage } from '../components/full-page-message';
import { ForbiddenPage } from '../pages/error/forbidden-page';
import { canOpen, type Need } from './access';
import { useUser } from './current-user-context';
import { SignInForm } from './sign-in-form';

/** Sends a visitor who is not signed in to the login endpoint, coming back to this page afterwards. */
export function SignInRequired() {
  const location = useLocation();
  return (
    <FullPageMessage title="Sign in">
      <p className="nhsuk-body">You need to sign in to use this service.</p>
      <SignInForm returnTo={`${location.pathname}${location.search}`} autoSubmit />
    </FullPageMessage>
  );
}

/** Layout route: its children need a signed-in user. */
export function RequireAuth() {
  const user = useUser();
  return user.isAuthenticated ? <Outlet /> : <SignInRequired />;
}

/** Layout route: its children need a role (client-side only; the server checks every call). */
export function RequireAccess({ need }: { need: Need }) {
  const user = useUser();
  return canOpen(user, need) ? <Outlet /> : <ForbiddenPage />;
}
