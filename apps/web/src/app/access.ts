import { type AccessFlags, accessLevel, menuSections } from '@dcf/domain/access';

/**
 * Who may open a screen, for client-side guards only (the server decides for real):
 * - submitter: submitters (Submitter menu section)
 * - manager: managers, and administrators, who oversee every collection
 * - admin: collection administrators and super administrators
 * - signedIn: anyone signed in (screens shared by several roles)
 */
export type Need = 'signedIn' | 'submitter' | 'manager' | 'admin';

export function canOpen(user: AccessFlags, need: Need): boolean {
  if (!user.isAuthenticated) return false;
  const sections = menuSections(user);
  switch (need) {
    case 'signedIn':
      return true;
    case 'submitter':
      return sections.submitter;
    case 'manager':
      return sections.manager || accessLevel(user) === 'Admin';
    case 'admin':
      return sections.admin;
  }
}
