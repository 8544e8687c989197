import { anonymousUser } from '@dcf/domain';
import { Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../api/current-user';
import { ErrorPage } from '../components/error-page';
import { SessionTimeoutWarning } from '../components/session-timeout-warning';
import { CurrentUserContext } from './current-user-context';
import { BlankArea, Layout } from './layout';
import { paths, publicPaths } from './paths';

/**
 * The root of every screen: fetches the current user once, shows a blank area meanwhile and the error
 * page if that fails (public pages carry on as nobody), then renders the layout around the page.
 */
export function AppShell() {
  const { pathname } = useLocation();
  const currentUser = useCurrentUser();
  const isPublic = publicPaths.includes(pathname) || pathname === paths.endSession;

  if (currentUser.isPending) return <BlankArea />;
  if (currentUser.isError && !isPublic) {
    return (
      <Layout user={anonymousUser} pathname={pathname}>
        <ErrorPage />
      </Layout>
    );
  }
  const user = currentUser.data ?? anonymousUser;
  return (
    <CurrentUserContext value={user}>
      <Layout user={user} pathname={pathname}>
        <Outlet />
      </Layout>
      {user.isAuthenticated && pathname !== paths.endSession ? <SessionTimeoutWarning /> : null}
    </CurrentUserContext>
  );
}
