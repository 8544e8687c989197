import { z } from 'zod';

/**
 * The users-and-roles screen (decision 0020): one user with every role they hold, the changes made to
 * them (the audit trail), a role given or taken away, and deactivating (or reactivating) the account.
 */
const id = z.number().int().positive().max(2_147_483_647);

export const userCollectionRoleSchema = z.object({
  collectionId: z.number().int(),
  collectionName: z.string(),
  role: z.enum(['collectionManager', 'submissionManager']),
});

export const userOrganisationRoleSchema = z.object({
  collectionId: z.number().int(),
  collectionName: z.string(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  organisationCode: z.string(),
  role: z.enum(['DataEntryClerk', 'Authoriser']),
  /** The user is not the organisation's own staff (their ODS code is another's). */
  isFromElsewhere: z.boolean(),
});

export const userAuditEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  action: z.string(),
  by: z.string().nullable(),
  collectionName: z.string().nullable(),
  organisationName: z.string().nullable(),
  before: z.array(z.string()),
  after: z.array(z.string()),
});

/** GET /User/{id}/Roles */
export const userRolesSchema = z.object({
  user: z.object({
    id: z.number().int(),
    name: z.string().nullable(),
    email: z.string(),
    providerCode: z.string().nullable(),
    jobTitle: z.string().nullable(),
    idpStatus: z.string(),
    isActive: z.boolean(),
    lastSignInAt: z.string().nullable(),
  }),
  isSuperAdmin: z.boolean(),
  isCollectionAdmin: z.boolean(),
  isManagementOrganisationUser: z.boolean(),
  collectionRoles: z.array(userCollectionRoleSchema),
  organisationRoles: z.array(userOrganisationRoleSchema),
  /** The newest 50 changes to this user's roles and account. */
  audit: z.array(userAuditEntrySchema),
});
export type UserRoles = z.infer<typeof userRolesSchema>;

/** PUT /User/{id}/Role: give (granted true) or take away one role. */
export const userRoleChangeSchema = z.discriminatedUnion('scope', [
  z.object({
    scope: z.literal('system'),
    role: z.literal('managementOrganisationUser'),
    granted: z.boolean(),
  }),
  z.object({
    scope: z.literal('collection'),
    collectionId: id,
    role: z.enum(['collectionManager', 'submissionManager']),
    granted: z.boolean(),
  }),
  z.object({
    scope: z.literal('organisation'),
    collectionId: id,
    organisationId: id,
    role: z.enum(['DataEntryClerk', 'Authoriser']),
    granted: z.boolean(),
  }),
]);
export type UserRoleChange = z.infer<typeof userRoleChangeSchema>;

/** PUT /User/{id}/Active: deactivate (false: no sign-in, every session ended) or reactivate (true). */
export const userActiveSchema = z.object({ active: z.boolean() });
export type UserActive = z.infer<typeof userActiveSchema>;

export const userRoleMessages = {
  notRecipient: 'This organisation is not a recipient of the collection',
  ownAccount: 'You cannot deactivate your own account',
} as const;
