import { z } from 'zod';
import { collectionRole, organisationRole, systemRole } from './enums';

/** GET /v1/api/User/Current: the specification's Current user entity plus derived flags. */
export const currentUserSchema = z.object({
  isAuthenticated: z.boolean(),
  idpId: z.string().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  providerCode: z.string().nullable(),
  organisation: z.string().nullable(),
  jobTitle: z.string().nullable(),
  systemRoles: z.array(z.object({ role: systemRole })),
  isNominatedCollectionAdministrator: z.boolean(),
  isManagementOrganisationUser: z.boolean(),
  collectionRoles: z.array(z.object({ role: collectionRole, collectionId: z.number().int() })),
  collectionOrganisationRoles: z.array(
    z.object({ role: organisationRole, collectionId: z.number().int(), organisationId: z.number().int() }),
  ),
  isSuperAdmin: z.boolean(),
  isCollectionAdmin: z.boolean(),
  isCollectionManager: z.boolean(),
  isCollectionSubmitter: z.boolean(),
  /** When the session ends if idle (SESSIONMANAGEMENT on), for the sign-out warning; else null. */
  sessionExpiresAt: z.string().nullable().optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

// zod-free, in its own module, for the web app's first page.
export { anonymousUser } from './anonymous-user';
