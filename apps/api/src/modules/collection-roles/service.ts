import {
  type CollectionRoleBody,
  isOwnStaff,
  recipientMessages,
  type SubmitterAccessBody,
} from '@dcf/domain';
import type { Db } from '../../db/database';
import { HttpProblem, notFound } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import {
  refuseOwnRoleChange,
  refuseProtectedRoleChange,
  refuseRolesOutsideOrganisation,
} from '../../platform/role-changes';
import { changeable } from '../collections/changeable';
import { lockCollectionStatus } from '../collections/queries';
import { changeCollectionRole, setSubmitterRoles } from './changes';
import {
  findCollectionId,
  findCollectionRoleHolders,
  findSubmitterAccess,
  isRecipient,
  userExists,
} from './queries';

const unknownUser = () => new HttpProblem('unknown_user', recipientMessages.unknownUser);

/** Collection managers and submission managers of a collection (permissions tab). */
export async function listCollectionRoles(db: Db, collectionId: number) {
  if (!(await findCollectionId(db, collectionId))) throw notFound();
  const rows = await findCollectionRoleHolders(db, collectionId);
  return {
    items: rows.map((r) => ({ userId: r.userId, userName: r.name ?? r.email, email: r.email, role: r.role })),
  };
}

/** Gives or takes one collection role; giving a role held already, or taking one not held, changes nothing. */
export async function setCollectionRole(
  db: Db,
  principal: Principal,
  collectionId: number,
  body: CollectionRoleBody,
  requestId: string,
) {
  refuseOwnRoleChange(principal, body.userId);
  await db.transaction().execute(async (tx) => {
    changeable(await lockCollectionStatus(tx, collectionId));
    if (!(await userExists(tx, body.userId))) throw unknownUser();
    await refuseProtectedRoleChange(tx, principal, body.userId);
    await changeCollectionRole(
      tx,
      { userId: body.userId, collectionId, role: body.role, granted: body.assigned },
      {
        actorId: principal.userId,
        action: body.assigned ? 'collectionRole.assign' : 'collectionRole.remove',
        requestId,
      },
    );
  });
  return listCollectionRoles(db, collectionId);
}

/**
 * The saved submitter roles as the specification's role-assignment list rows: by organisation, its own
 * staff first, anyone from another organisation marked (product decisions, "Roles").
 */
export async function listSubmitterAccess(db: Db, collectionId: number) {
  if (!(await findCollectionId(db, collectionId))) throw notFound();
  const rows = (await findSubmitterAccess(db, collectionId)).map((r) => ({
    userName: r.userName ?? r.email,
    userId: r.userId,
    email: r.email,
    organisationName: r.organisationName,
    organisationId: r.organisationId,
    role: r.role,
    status: 'New' as const,
    isDuplicate: false,
    userProviderCode: r.userProviderCode,
    isFromElsewhere: !isOwnStaff(r.userProviderCode, r.organisationCode),
  }));
  // Each organisation where it first appears in the query's order, its own staff first, then as queried.
  const firstIndex = new Map<number, number>();
  rows.forEach((row, index) => {
    if (!firstIndex.has(row.organisationId)) firstIndex.set(row.organisationId, index);
  });
  return rows
    .map((row, index) => ({
      row,
      key: [firstIndex.get(row.organisationId)!, Number(row.isFromElsewhere), index],
    }))
    .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]!)
    .map(({ row }) => row);
}

/**
 * Sets exactly the submitter roles one user holds for one recipient organisation: roles not listed are
 * removed, so an empty list removes the user's access. The organisation must be a recipient.
 */
export async function setSubmitterAccess(
  db: Db,
  principal: Principal,
  collectionId: number,
  organisationId: number,
  body: SubmitterAccessBody,
  requestId: string,
) {
  const roles = [...new Set(body.roles)];
  refuseOwnRoleChange(principal, body.userId);
  await db.transaction().execute(async (tx) => {
    changeable(await lockCollectionStatus(tx, collectionId));
    if (!(await isRecipient(tx, collectionId, organisationId)))
      throw new HttpProblem('not_recipients', recipientMessages.notRecipients);
    if (!(await userExists(tx, body.userId))) throw unknownUser();
    await refuseProtectedRoleChange(tx, principal, body.userId);
    await refuseRolesOutsideOrganisation(tx, { userId: body.userId, organisationId, roles });
    await setSubmitterRoles(tx, { collectionId, organisationId, userId: body.userId }, roles, {
      actorId: principal.userId,
      action: 'collectionOrganisationRole.set',
      requestId,
    });
  });
  return (await listSubmitterAccess(db, collectionId)).filter(
    (row) => row.organisationId === organisationId && row.userId === body.userId,
  );
}
