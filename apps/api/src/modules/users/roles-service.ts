import {
  isOwnStaff,
  type UserActive,
  type UserRoleChange,
  type UserRoles,
  userRoleMessages,
} from '@dcf/domain';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { forbidden, notFound, validationProblem } from '../../platform/errors';
import { mayChangeAccountOf } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import {
  auditRoleChange,
  isSuperAdministrator,
  refuseOwnRoleChange,
  refuseProtectedRoleChange,
  refuseRolesOutsideOrganisation,
} from '../../platform/role-changes';
import { changeCollectionRole, setSubmitterRoles } from '../collection-roles/changes';
import { findCollectionId, findSubmitterRolesOf, isRecipient } from '../collection-roles/queries';
import * as q from './role-queries';

const AUDIT_ENTRIES = 50;

/** The roles an audit entry lists before or after (role changes store `{ roles: [...] }`). */
function rolesIn(value: unknown): string[] {
  const roles = (value as { roles?: unknown } | null)?.roles;
  if (Array.isArray(roles)) return roles.map(String);
  const status = (value as { idpStatus?: unknown } | null)?.idpStatus;
  return typeof status === 'string' ? [status] : [];
}

/** GET /User/{id}/Roles: the account, every role held (system, collection, organisation) and the audit. */
export async function getUserRoles(db: Db, userId: number): Promise<UserRoles> {
  const account = await q.findUserAccount(db, userId);
  if (!account) throw notFound();
  const [isSuperAdmin, collectionRoles, organisationRoles, audit] = await Promise.all([
    isSuperAdministrator(db, userId),
    q.listCollectionRolesOf(db, userId),
    q.listOrganisationRolesOf(db, userId),
    q.listUserAudit(db, userId, AUDIT_ENTRIES),
  ]);
  return {
    user: {
      id: account.id,
      name: account.name,
      email: account.email,
      providerCode: account.providerCode,
      jobTitle: account.jobTitle,
      idpStatus: account.idpStatus,
      isActive: account.idpStatus === 'Active',
      lastSignInAt: account.lastSignInAt ? new Date(account.lastSignInAt).toISOString() : null,
    },
    isSuperAdmin,
    isCollectionAdmin: account.isNominatedCollectionAdministrator,
    isManagementOrganisationUser: account.isManagementOrganisationUser,
    collectionRoles,
    organisationRoles: organisationRoles.map((r) => ({
      ...r,
      isFromElsewhere: !isOwnStaff(account.providerCode, r.organisationCode),
    })),
    audit: audit.map((a) => ({
      id: a.id,
      occurredAt: new Date(a.occurredAt).toISOString(),
      action: a.action,
      by: a.byName ?? a.byEmail ?? null,
      collectionName: a.collectionName,
      organisationName: a.organisationName,
      before: rolesIn(a.before),
      after: rolesIn(a.after),
    })),
  };
}

/**
 * PUT /User/{id}/Role: gives or takes away one role, under the role integrity rules (nobody changes
 * their own roles: 403; Authoriser only for the organisation's own staff: 400; an organisation role only
 * at a recipient of the collection: 400), audited like every other role change. Giving a role the user
 * holds, or taking one they do not, changes nothing.
 */
export async function changeUserRole(
  db: Db,
  principal: Principal,
  userId: number,
  change: UserRoleChange,
  requestId: string,
): Promise<UserRoles> {
  refuseOwnRoleChange(principal, userId);
  await db.transaction().execute(async (tx) => {
    const account = await q.findUserAccount(tx, userId);
    if (!account) throw notFound();
    await refuseProtectedRoleChange(tx, principal, userId);
    const audited = {
      actorId: principal.userId,
      action: change.granted ? 'user.grantRole' : 'user.removeRole',
      requestId,
    };

    if (change.scope === 'system') {
      const before = account.isManagementOrganisationUser;
      if (before === change.granted) return;
      await q.setManagementOrganisationUser(tx, userId, change.granted);
      const roles = (held: boolean) => (held ? [change.role] : []);
      await auditRoleChange(tx, { ...audited, userId, before: roles(before), after: roles(change.granted) });
      return;
    }

    if (!(await findCollectionId(tx, change.collectionId))) throw notFound();
    if (change.scope === 'collection') {
      const role = { userId, collectionId: change.collectionId, role: change.role, granted: change.granted };
      await changeCollectionRole(tx, role, audited);
      return;
    }

    const holder = { userId, collectionId: change.collectionId, organisationId: change.organisationId };
    const before = await findSubmitterRolesOf(tx, holder);
    if (before.includes(change.role) === change.granted) return;
    if (change.granted) {
      if (!(await isRecipient(tx, change.collectionId, change.organisationId)))
        throw validationProblem({ organisationId: [userRoleMessages.notRecipient] });
      await refuseRolesOutsideOrganisation(tx, {
        userId,
        organisationId: change.organisationId,
        roles: [change.role],
      });
    }
    const after = change.granted ? [...before, change.role] : before.filter((r) => r !== change.role);
    await setSubmitterRoles(tx, holder, after, audited);
  });
  return getUserRoles(db, userId);
}

/**
 * PUT /User/{id}/Active: deactivating stops sign-in (only Active users may sign in, and every request's
 * principal needs an Active user) and ends every session at once; reactivating lets them sign in again.
 * Never one's own account; a super administrator's only by another super administrator.
 */
export async function setUserActive(
  db: Db,
  principal: Principal,
  userId: number,
  input: UserActive,
  requestId: string,
): Promise<UserRoles> {
  const account = await q.findUserAccount(db, userId);
  if (!account) throw notFound();
  if (!mayChangeAccountOf(principal, userId, await isSuperAdministrator(db, userId)))
    throw forbidden(principal.userId === userId ? userRoleMessages.ownAccount : undefined);
  await db.transaction().execute(async (tx) => {
    const status = input.active ? 'Active' : 'Suspended';
    if (account.idpStatus === status) return;
    await q.setIdpStatus(tx, userId, status);
    if (!input.active) await q.endSessionsOf(tx, userId);
    await writeAudit(tx, {
      userId: principal.userId,
      action: input.active ? 'user.reactivate' : 'user.deactivate',
      entityType: 'user',
      entityId: userId,
      before: { idpStatus: account.idpStatus },
      after: { idpStatus: status },
      requestId,
    });
  });
  return getUserRoles(db, userId);
}
