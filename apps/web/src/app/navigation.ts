import { type AccessFlags, menuSections } from '@dcf/domain/access';
import { paths } from './paths';

export interface NavItem {
  label: 'Submitter' | 'Manager' | 'Admin' | 'Logout';
  href: string;
  /** Other path prefixes that belong to this section, for highlighting. */
  alsoActiveOn?: readonly string[];
}

/**
 * The header's navigation (specification, section 2): Submitter for submitters, Manager for managers,
 * Admin for collection admins and super admins, Logout when signed in. None on /logout; only Logout on
 * /endSession.
 */
export function navigationItems(user: AccessFlags, pathname: string): NavItem[] {
  if (pathname === paths.logout) return [];
  const logout: NavItem = { label: 'Logout', href: paths.logout };
  if (pathname === paths.endSession) return [logout];
  if (!user.isAuthenticated) return [];
  const sections = menuSections(user);
  const items: NavItem[] = [];
  if (sections.submitter) items.push({ label: 'Submitter', href: paths.submitterHome });
  if (sections.manager) items.push({ label: 'Manager', href: paths.managerHome });
  if (sections.admin) {
    items.push({
      label: 'Admin',
      href: paths.adminHome,
      alsoActiveOn: [paths.userSettings, paths.organisations],
    });
  }
  items.push(logout);
  return items;
}

const within = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** 'page' on the item's own screen, 'true' elsewhere in its section, otherwise not current. */
export function currentState(item: NavItem, pathname: string): 'page' | 'true' | undefined {
  if (pathname === item.href) return 'page';
  if (within(pathname, item.href) || item.alsoActiveOn?.some((base) => within(pathname, base))) return 'true';
  return undefined;
}
