import { anonymousUser } from '@dcf/domain/anonymous-user';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { ErrorPage } from '../components/error-page';
import { NotFoundPage } from '../pages/error/not-found-page';
import { Layout } from './layout';

function logError(error: unknown) {
  if (!isRouteErrorResponse(error)) console.error('Route failed', error);
}

/** A page failed to load or render: the error page inside the layout, so navigation still works. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  logError(error);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage />;
}

/** The shell itself failed: the error page with a bare header. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  logError(error);
  return (
    <Layout user={anonymousUser} pathname={pathname}>
      <ErrorPage />
    </Layout>
  );
}
