import { anonymousUser } from '@dcf/domain/anonymous-user';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../api/current-user';
import { ErrorPage } from '../components/error-page';
import { CurrentUserContext } from './current-user-context';
import { BlankArea, Layout } from './layout';
import { paths, publicPaths } from './paths';

// Only sessions with an idle expiry (SESSIONMANAGEMENT) need the warning, and never before the first
// page is up: it loads apart from the first bundle (apps/web/README.md, "Loading").
const SessionTimeoutWarning = lazy(() =>
  import('../components/session-timeout-warning').then((m) => ({ default: m.SessionTimeoutWarning })),
);

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
      {user.isAuthenticated && user.sessionExpiresAt && pathname !== paths.endSession ? (
        <Suspense fallback={null}>
          <SessionTimeoutWarning />
        </Suspense>
      ) : null}
    </CurrentUserContext>
  );
}
