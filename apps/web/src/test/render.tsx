import type { CurrentUser } from '@dcf/domain';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { CurrentUserContext } from '../app/current-user-context';
import { AppProviders } from '../app/providers';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders an element at a path inside a memory router, with a query client and (optionally) a user. */
export function renderAt(
  element: ReactNode,
  {
    path = '/',
    user,
    queryClient = testQueryClient(),
  }: { path?: string; user?: CurrentUser; queryClient?: QueryClient } = {},
) {
  const wrapped = user ? <CurrentUserContext value={user}>{element}</CurrentUserContext> : element;
  return renderRoutes([{ path: '*', element: wrapped }], path, queryClient);
}

/** Renders the app's own routes at a path (fetch must be stubbed). */
export function renderRoutes(routes: RouteObject[], path: string, queryClient = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/**
 * Renders `page` at its route `pattern` (so it reads its params from `path`) for `user`, beside `others`:
 * the routes it may send the user to.
 */
export function renderAtRoute(
  pattern: string,
  page: ReactNode,
  {
    path = pattern,
    user,
    others = [],
    queryClient,
  }: { path?: string; user: CurrentUser; others?: RouteObject[]; queryClient?: QueryClient },
) {
  return renderRoutes(
    [{ path: pattern, element: <CurrentUserContext value={user}>{page}</CurrentUserContext> }, ...others],
    path,
    queryClient,
  );
}

/** The page's title (its h1) once it shows. */
export const findPageTitle = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
