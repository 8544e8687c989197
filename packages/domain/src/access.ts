/**
 * Access level from the current user's flags, with the specification's precedence:
 * Admin (super admin or collection admin), then Manager, then Submitter, then None.
 * The server never trusts this; it only drives menus and client-side route guards.
 */
export type AccessLevel = 'Admin' | 'Manager' | 'Submitter' | 'None';

export interface AccessFlags {
  isAuthenticated: boolean;
  isSuperAdmin: boolean;
  isCollectionAdmin: boolean;
  isCollectionManager: boolean;
  isCollectionSubmitter: boolean;
}

export function accessLevel(user: AccessFlags): AccessLevel {
  if (!user.isAuthenticated) return 'None';
  if (user.isSuperAdmin || user.isCollectionAdmin) return 'Admin';
  if (user.isCollectionManager) return 'Manager';
  if (user.isCollectionSubmitter) return 'Submitter';
  return 'None';
}

/** Which top-level menu sections the user sees (section 6, menu access). */
export function menuSections(user: AccessFlags): { submitter: boolean; manager: boolean; admin: boolean } {
  return {
    submitter: user.isAuthenticated && user.isCollectionSubmitter,
    manager: user.isAuthenticated && user.isCollectionManager,
    admin: user.isAuthenticated && (user.isSuperAdmin || user.isCollectionAdmin),
  };
}
