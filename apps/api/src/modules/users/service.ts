import type { AdministratorUpdate, CurrentUser, userSearchQuerySchema } from '@dcf/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import { directoryScopeOf } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { auditRoleChange, refuseOwnRoleChange, refuseProtectedRoleChange } from '../../platform/role-changes';
import * as q from './queries';

/** The specification's Current user entity, with the derived flags, for a signed-in principal. */
export async function currentUser(
  db: Db,
  principal: Principal,
  sessionExpiresAt: Date | null,
): Promise<CurrentUser> {
  const profile = await q.currentUserProfile(db, principal.userId);
  // A token limited to one collection tells nothing of the user's others (decision 0039).
  const limit = principal.token?.collectionId ?? null;
  const shown = (collectionId: number) => limit === null || collectionId === limit;
  const collectionRoles = [...principal.collectionRoles].flatMap(([collectionId, roles]) =>
    shown(collectionId) ? [...roles].map((role) => ({ role, collectionId })) : [],
  );
  const collectionOrganisationRoles = [...principal.organisationRoles].flatMap(([key, roles]) => {
    const [collectionId, organisationId] = key.split(':').map(Number) as [number, number];
    return shown(collectionId) ? [...roles].map((role) => ({ role, collectionId, organisationId })) : [];
  });
  return {
    isAuthenticated: true,
    idpId: profile?.idpId ?? null,
    email: principal.email,
    name: principal.name,
    providerCode: profile?.providerCode ?? null,
    organisation: profile?.organisationName ?? null,
    jobTitle: profile?.jobTitle ?? null,
    systemRoles: principal.isSuperAdmin ? [{ role: 'superAdmin' }] : [],
    isNominatedCollectionAdministrator: principal.isCollectionAdmin,
    isManagementOrganisationUser: principal.isManagementOrganisationUser,
    collectionRoles,
    collectionOrganisationRoles,
    isSuperAdmin: principal.isSuperAdmin,
    isCollectionAdmin: principal.isCollectionAdmin,
    isCollectionManager: collectionRoles.length > 0,
    isCollectionSubmitter: collectionOrganisationRoles.length > 0,
    sessionExpiresAt: sessionExpiresAt?.toISOString() ?? null,
  };
}

/**
 * GET /User: the users in the principal's directory (the policy's scope) whose name, email or ODS code
 * contains the query; with an organisation, that organisation's own staff first.
 */
export async function searchUserDirectory(
  db: Db,
  principal: Principal,
  search: z.infer<typeof userSearchQuerySchema>,
) {
  const { query, page, pageSize, organisationId } = search;
  const ownStaffOf =
    organisationId === undefined ? undefined : (await q.findOrganisationCode(db, organisationId))?.code;
  return q.searchUsers(
    db,
    { query: query || undefined, page, pageSize, ownStaffOf },
    directoryScopeOf(principal),
  );
}

export function listCollectionAdministrators(db: Db) {
  return q.listAdministrators(db);
}

/** An administrator registers a user by email, so roles can be given before the first sign-in. */
export async function preRegisterUser(
  db: Db,
  actorId: number,
  input: { email: string; name: string | null },
  requestId: string,
) {
  return db.transaction().execute(async (tx) => {
    if (await q.findUserByEmail(tx, input.email))
      throw conflict('already_exists', 'A user with this email already exists');
    const user = await q.insertUser(tx, input);
    await writeAudit(tx, {
      userId: actorId,
      action: 'user.preRegister',
      entityType: 'user',
      entityId: user.id,
      after: input,
      requestId,
    });
    return user;
  });
}

/** The system roles an administrator nomination gives, as the audit lists them. */
const systemRolesOf = (flags: {
  isNominatedCollectionAdministrator: boolean;
  isManagementOrganisationUser: boolean;
}) => [
  ...(flags.isNominatedCollectionAdministrator ? ['collectionAdmin'] : []),
  ...(flags.isManagementOrganisationUser ? ['managementOrganisationUser'] : []),
];

/**
 * Nominates or removes a collection administrator. The specification's role configuration for
 * collectionAdmin sets isNominatedCollectionAdministrator and isManagementOrganisationUser together.
 * Nobody nominates or removes themselves.
 */
export async function setCollectionAdministrator(
  db: Db,
  principal: Principal,
  input: AdministratorUpdate,
  requestId: string,
) {
  refuseOwnRoleChange(principal, input.userId);
  await db.transaction().execute(async (tx) => {
    const before = await q.findAdministratorFlags(tx, input.userId);
    if (!before) throw notFound();
    await refuseProtectedRoleChange(tx, principal, input.userId);
    const after = {
      isNominatedCollectionAdministrator: input.isCollectionAdmin,
      isManagementOrganisationUser: input.isCollectionAdmin,
    };
    if (
      before.isNominatedCollectionAdministrator === after.isNominatedCollectionAdministrator &&
      before.isManagementOrganisationUser === after.isManagementOrganisationUser
    )
      return;
    await q.setAdministratorFlags(tx, input.userId, input.isCollectionAdmin);
    await auditRoleChange(tx, {
      actorId: principal.userId,
      action: input.isCollectionAdmin ? 'user.nominateAdministrator' : 'user.removeAdministrator',
      userId: input.userId,
      before: systemRolesOf(before),
      after: systemRolesOf(after),
      requestId,
    });
  });
  return q.listAdministrators(db);
}
