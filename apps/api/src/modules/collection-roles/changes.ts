import type { Tx } from '../../db/database';
import type { CollectionOrganisationRoleTable, CollectionRoleTable } from '../../db/schema';
import { auditRoleChange, refuseManagerRoleOutsideManagement } from '../../platform/role-changes';
import {
  deleteCollectionRole,
  deleteSubmitterRoles,
  findCollectionRolesOf,
  findSubmitterRolesOf,
  insertCollectionRole,
  insertSubmitterRoles,
} from './queries';

/**
 * The steps of a role change, shared by the collection's permissions and submitter access tabs and the
 * user's roles page (PUT /User/{id}/Role): each caller checks who may change what first, and names the
 * audit action its screen writes. What changes nothing writes nothing, and is not audited (decision 0020).
 */
interface Audited {
  actorId: number;
  /** The audit entry's action, e.g. 'collectionRole.assign' or 'user.grantRole'. */
  action: string;
  requestId: string;
}

/**
 * Gives or takes one collection role. Giving one held already, or taking one not held, does nothing; so
 * does a grant another request made meanwhile (the row count, not the roles read first, says so).
 */
export async function changeCollectionRole(
  tx: Tx,
  change: { userId: number; collectionId: number; role: CollectionRoleTable['role']; granted: boolean },
  audited: Audited,
): Promise<void> {
  const { userId, collectionId, role, granted } = change;
  const before = await findCollectionRolesOf(tx, collectionId, userId);
  if (before.includes(role) === granted) return;
  if (granted) await refuseManagerRoleOutsideManagement(tx, userId);
  const row = { userId, collectionId, role };
  const changed = granted ? await insertCollectionRole(tx, row) : await deleteCollectionRole(tx, row);
  if (changed === 0) return;
  const after = granted ? [...before, role] : before.filter((r) => r !== role);
  await auditRoleChange(tx, { ...audited, userId, collectionId, before, after });
}

/** Sets exactly the submitter roles a user holds for one organisation of a collection (none: no access). */
export async function setSubmitterRoles(
  tx: Tx,
  holder: { userId: number; collectionId: number; organisationId: number },
  roles: readonly CollectionOrganisationRoleTable['role'][],
  audited: Audited,
): Promise<void> {
  const before = await findSubmitterRolesOf(tx, holder);
  const toRemove = before.filter((role) => !roles.includes(role));
  const toAdd = roles.filter((role) => !before.includes(role));
  if (toAdd.length + toRemove.length === 0) return;
  if (toRemove.length > 0) await deleteSubmitterRoles(tx, holder, toRemove);
  if (toAdd.length > 0) await insertSubmitterRoles(tx, holder, toAdd);
  await auditRoleChange(tx, { ...audited, ...holder, before, after: roles });
}
