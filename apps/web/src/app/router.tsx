import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { createBrowserRouter } from 'react-router';
import { EndSessionPage } from '../pages/end-session/end-session-page';
import { ErrorRoutePage } from '../pages/error/error-route-page';
import { NotFoundPage } from '../pages/error/not-found-page';
import { LandingPage } from '../pages/landing/landing-page';
import type { Need } from './access';
import { AppShell } from './app-shell';
import { RequireAccess, RequireAuth } from './guards';
import { HealthRedirect } from './health-redirect';
import { BlankArea } from './layout';
import { paths, routePatterns } from './paths';
import { RootErrorBoundary, RouteErrorBoundary } from './route-error';

/**
 * Every route of the specification (section 2). The landing, end-session and error pages are in the
 * first bundle (under its 120 kB budget, bench/bundle-size.mjs); every other screen is a lazily loaded
 * chunk, so heavy screens (Form.io, charts) never weigh on the landing page.
 */

/** A route whose page module is loaded on first visit. */
function lazyPage<M>(path: string, load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject {
  return { path, lazy: async () => ({ Component: pick(await load()) }) };
}

function guarded(need: Need, children: RouteObject[]): RouteObject {
  return { element: <RequireAccess need={need} />, children };
}

const submitterRoutes: RouteObject[] = [
  lazyPage(
    paths.submitterHome,
    () => import('../pages/submitter/submitter-home-page'),
    (m) => m.SubmitterHomePage,
  ),
];

const managerRoutes: RouteObject[] = [
  lazyPage(
    paths.managerHome,
    () => import('../pages/manager/manager-home-page'),
    (m) => m.ManagerHomePage,
  ),
  lazyPage(
    routePatterns.managerReportingPeriod,
    () => import('../pages/manager/reporting-period-submissions-page'),
    (m) => m.ReportingPeriodSubmissionsPage,
  ),
  lazyPage(
    routePatterns.submitterAccess,
    () => import('../pages/manager/submitter-access-page'),
    (m) => m.SubmitterAccessPage,
  ),
  lazyPage(
    routePatterns.collectionOrganisations,
    () => import('../pages/manager/collection-organisations-page'),
    (m) => m.CollectionOrganisationsPage,
  ),
  // Collection managers may create collections too (the API's createCollection rule), not only admins.
  lazyPage(
    paths.createCollection,
    () => import('../pages/collection/create-collection-page'),
    (m) => m.CreateCollectionPage,
  ),
  lazyPage(
    routePatterns.amendCollection,
    () => import('../pages/collection/amend-collection-page'),
    (m) => m.AmendCollectionPage,
  ),
  lazyPage(
    routePatterns.schedule,
    () => import('../pages/schedule/schedule-page'),
    (m) => m.SchedulePage,
  ),
];

/**
 * Home for everyone (product decisions, "Navigation"): the breadcrumb's Home links to /collection/admin,
 * which shows administrators the administration hub and anyone else their own home, never 'Forbidden'.
 */
const homeRoutes: RouteObject[] = [paths.adminHome, paths.userSettings].map((path) =>
  lazyPage(
    path,
    () => import('../pages/home/own-home-page'),
    (m) => m.OwnHomePage,
  ),
);

/** Any signed-in user's own account: their personal access tokens (decision 0039). */
const accountRoutes: RouteObject[] = [
  lazyPage(
    paths.accessTokens,
    () => import('../pages/access-tokens/access-tokens-page'),
    (m) => m.AccessTokensPage,
  ),
];

/** The worklists: each answers only what the user's own roles put on it (empty otherwise). */
const worklistRoutes: RouteObject[] = [
  lazyPage(
    paths.worklistSignOff,
    () => import('../pages/worklists/worklist-page'),
    (m) => m.SignOffWorklistPage,
  ),
  lazyPage(
    paths.worklistNhsi,
    () => import('../pages/worklists/worklist-page'),
    (m) => m.NhsiAuthorisationWorklistPage,
  ),
  lazyPage(
    paths.worklistReturned,
    () => import('../pages/worklists/worklist-page'),
    (m) => m.ReturnedWorklistPage,
  ),
];

const adminRoutes: RouteObject[] = [
  lazyPage(
    paths.adminUsers,
    () => import('../pages/admin/users-page'),
    (m) => m.UsersPage,
  ),
  lazyPage(
    routePatterns.adminUser,
    () => import('../pages/admin/user-roles-page'),
    (m) => m.UserRolesPage,
  ),
  lazyPage(
    paths.adminFeatureFlags,
    () => import('../pages/admin/feature-flags-page'),
    (m) => m.FeatureFlagsPage,
  ),
  lazyPage(
    paths.adminManageCollections,
    () => import('../pages/admin/manage-collections-page'),
    (m) => m.ManageCollectionsPage,
  ),
  lazyPage(
    paths.adminSubmissions,
    () => import('../pages/admin/submissions-overview-page'),
    (m) => m.SubmissionsOverviewPage,
  ),
  lazyPage(
    paths.hiddenCollections,
    () => import('../pages/admin/hidden-collections-page'),
    (m) => m.HiddenCollectionsPage,
  ),
  lazyPage(
    paths.adminAuditLog,
    () => import('../pages/admin/audit-log-page'),
    (m) => m.AuditLogPage,
  ),
  lazyPage(
    paths.adminOutbox,
    () => import('../pages/admin/outbox-page'),
    (m) => m.OutboxPage,
  ),
  lazyPage(
    paths.organisations,
    () => import('../pages/organisation/organisation-list-page'),
    (m) => m.OrganisationListPage,
  ),
  lazyPage(
    routePatterns.editOrganisation,
    () => import('../pages/organisation/edit-organisation-page'),
    (m) => m.EditOrganisationPage,
  ),
];

/** Screens several roles share; each decides what to show from the data the API returns. */
const sharedRoutes: RouteObject[] = [
  lazyPage(
    routePatterns.reportingPeriods,
    () => import('../pages/collection/reporting-periods-page'),
    (m) => m.ReportingPeriodsPage,
  ),
  lazyPage(
    routePatterns.form,
    () => import('../pages/form/form-entry-page'),
    (m) => m.FormEntryPage,
  ),
  lazyPage(
    routePatterns.formCheck,
    () => import('../pages/form/check-answers-page'),
    (m) => m.CheckAnswersPage,
  ),
  lazyPage(
    routePatterns.formConfirmation,
    () => import('../pages/form/confirmation-page'),
    (m) => m.ConfirmationPage,
  ),
];

export const routes: RouteObject[] = [
  { path: paths.health, Component: HealthRedirect },
  {
    id: 'root',
    Component: AppShell,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: BlankArea,
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { path: paths.error, Component: ErrorRoutePage },
          // Reached only by choosing Log out: its page (and the notification it uses) loads then.
          lazyPage(
            paths.logout,
            () => import('../pages/logout/logout-page'),
            (m) => m.LogoutPage,
          ),
          { path: paths.endSession, Component: EndSessionPage },
          lazyPage(
            paths.accessibility,
            () => import('../pages/accessibility/accessibility-statement-page'),
            (m) => m.AccessibilityStatementPage,
          ),
          {
            Component: RequireAuth,
            children: [
              { index: true, Component: LandingPage },
              ...homeRoutes,
              ...accountRoutes,
              ...worklistRoutes,
              guarded('submitter', submitterRoutes),
              guarded('manager', managerRoutes),
              guarded('admin', adminRoutes),
              ...sharedRoutes,
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
