import { menuSections } from '@dcf/domain/access';
import { lazy, Suspense } from 'react';
import { useUser } from '../../app/current-user-context';
import { Spinner } from '../../components/spinner';

const AdminHome = lazy(() => import('../admin/admin-home-page').then((m) => ({ default: m.AdminHomePage })));
const ManagerHome = lazy(() =>
  import('../manager/manager-home-page').then((m) => ({ default: m.ManagerHomePage })),
);
const SubmitterHome = lazy(() =>
  import('../submitter/submitter-home-page').then((m) => ({ default: m.SubmitterHomePage })),
);
const NhsiWorklist = lazy(() =>
  import('../worklists/worklist-page').then((m) => ({ default: m.NhsiAuthorisationWorklistPage })),
);
const Landing = lazy(() => import('../landing/landing-page').then((m) => ({ default: m.LandingPage })));

/** Which home a user sees at /collection/admin: the first of their roles, administrators first. */
export type OwnHome = 'admin' | 'manager' | 'submitter' | 'nhsi' | 'landing';

export function ownHomeOf(user: ReturnType<typeof useUser>): OwnHome {
  const sections = menuSections(user);
  if (sections.admin) return 'admin';
  if (sections.manager) return 'manager';
  if (sections.submitter) return 'submitter';
  if (user.isAuthenticated && user.isManagementOrganisationUser) return 'nhsi';
  return 'landing';
}

/**
 * /collection/admin and /user/settings (product decisions, "Navigation"): the breadcrumb's Home links
 * here for everyone, so a user who is not an administrator sees their own home (manager, submitter, the
 * NHSI worklist), never 'Forbidden'.
 */
export function OwnHomePage() {
  const home = ownHomeOf(useUser());
  return (
    <Suspense fallback={<Spinner block />}>
      {home === 'admin' ? <AdminHome /> : null}
      {home === 'manager' ? <ManagerHome /> : null}
      {home === 'submitter' ? <SubmitterHome /> : null}
      {home === 'nhsi' ? <NhsiWorklist /> : null}
      {home === 'landing' ? <Landing /> : null}
    </Suspense>
  );
}
