import type { CurrentUser } from './current-user';

// Kept apart from current-user.ts and free of zod: the web app's first page needs it before zod loads.

/** Who the app sees when nobody is signed in (GET /User/Current answered 401). */
export const anonymousUser: CurrentUser = {
  isAuthenticated: false,
  idpId: null,
  email: null,
  name: null,
  providerCode: null,
  organisation: null,
  jobTitle: null,
  systemRoles: [],
  isNominatedCollectionAdministrator: false,
  isManagementOrganisationUser: false,
  collectionRoles: [],
  collectionOrganisationRoles: [],
  isSuperAdmin: false,
  isCollectionAdmin: false,
  isCollectionManager: false,
  isCollectionSubmitter: false,
  sessionExpiresAt: null,
};
