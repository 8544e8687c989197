import { type OrganisationRole, roleMessages } from '@dcf/domain';
import type { Db, Tx } from '../db/database';
import { writeAudit } from './audit';
import { forbidden, validationProblem } from './errors';
import { mayChangeRolesOf, mayHoldManagerRole, mayHoldSubmitterRole } from './policy';
import type { Principal } from './principal';

/**
 * Every change to anyone's roles goes through here, whichever route makes it (permissions tab, submitter
 * access, collection administrators, the users-and-roles screens): the rules of policy.ts are checked
 * inside the change's transaction, and the change is audited in one shape.
 */

/** Whether the user holds the super administrator's system role (whose roles only another may change). */
export async function isSuperAdministrator(db: Db | Tx, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('userSystemRole')
    .select('role')
    .where('userId', '=', userId)
    .where('role', '=', 'superAdmin')
    .executeTakeFirst();
  return row !== undefined;
}

/** 403 when the caller is changing their own roles (product decisions: nobody does, on any route). */
export function refuseOwnRoleChange(principal: Principal, userId: number): void {
  if (!mayChangeRolesOf(principal, userId, false)) throw forbidden(roleMessages.ownRoles);
}

/**
 * 403 when the change may not be made by this caller: their own roles, or a super administrator's
 * roles or flags changed by anyone but a super administrator. Inside the change's transaction.
 */
export async function refuseProtectedRoleChange(tx: Tx, principal: Principal, userId: number): Promise<void> {
  refuseOwnRoleChange(principal, userId);
  if (!mayChangeRolesOf(principal, userId, await isSuperAdministrator(tx, userId)))
    throw forbidden(roleMessages.superAdministratorRoles);
}

/** 400 when a manager role would go to a user who is not of a management organisation. */
export async function refuseManagerRoleOutsideManagement(tx: Tx, userId: number): Promise<void> {
  const user = await tx
    .selectFrom('appUser')
    .select(['name', 'email', 'providerCode', 'isManagementOrganisationUser'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return; // the caller answers 404 for an unknown user
  const code = user.providerCode?.trim().toUpperCase();
  const organisation = code
    ? await tx
        .selectFrom('organisation')
        .select('isManagementOrg')
        .where('code', '=', code)
        .executeTakeFirst()
    : undefined;
  const holder = {
    ofManagementOrganisation: organisation?.isManagementOrg === true,
    isManagementOrganisationUser: user.isManagementOrganisationUser,
  };
  if (!mayHoldManagerRole(holder))
    throw validationProblem({ role: [roleMessages.managerRolesManagementOnly(user.name ?? user.email)] });
}

/**
 * 400 when a role may not go to this user at this organisation: the Authoriser role is for the
 * organisation's own staff only (the user's ODS code is the organisation's code).
 */
export async function refuseRolesOutsideOrganisation(
  tx: Tx,
  change: { userId: number; organisationId: number; roles: readonly OrganisationRole[] },
): Promise<void> {
  if (change.roles.every((role) => role === 'DataEntryClerk')) return;
  const [user, organisation] = await Promise.all([
    tx.selectFrom('appUser').select('providerCode').where('id', '=', change.userId).executeTakeFirst(),
    tx
      .selectFrom('organisation')
      .select(['name', 'code'])
      .where('id', '=', change.organisationId)
      .executeTakeFirst(),
  ]);
  if (!user || !organisation) return; // the caller answers 404 for an unknown user or organisation
  const refused = change.roles.filter(
    (role) => !mayHoldSubmitterRole(role, user.providerCode, organisation.code),
  );
  if (refused.length > 0)
    throw validationProblem({
      roles: [roleMessages.authoriserOwnStaffOnly(organisation.name, organisation.code)],
    });
}

/**
 * The audit entry of a role change: who changed it (the entry's user), whose roles (entity 'user' and
 * the user's id, so an administrator finds every change to one person), where (collection,
 * organisation) and the roles held before and after.
 */
export function auditRoleChange(
  tx: Tx,
  entry: {
    actorId: number;
    action: string;
    userId: number;
    collectionId?: number | null;
    organisationId?: number | null;
    before: readonly string[];
    after: readonly string[];
    requestId: string;
  },
): Promise<void> {
  return writeAudit(tx, {
    userId: entry.actorId,
    action: entry.action,
    entityType: 'user',
    entityId: entry.userId,
    collectionId: entry.collectionId ?? null,
    organisationId: entry.organisationId ?? null,
    before: { userId: entry.userId, roles: [...entry.before].sort() },
    after: { userId: entry.userId, roles: [...entry.after].sort() },
    requestId: entry.requestId,
  });
}
