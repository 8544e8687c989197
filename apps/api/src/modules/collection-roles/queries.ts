import type { Db, Tx } from '../../db/database';
import type { CollectionOrganisationRoleTable, CollectionRoleTable } from '../../db/schema';

type CollectionRole = { collectionId: number; userId: number; role: CollectionRoleTable['role'] };
type SubmitterRole = CollectionOrganisationRoleTable['role'];
/** One user's place at one recipient organisation of a collection. */
type SubmitterHolder = { collectionId: number; organisationId: number; userId: number };

/** The collection's id when it exists (nothing is locked). */
export function findCollectionId(db: Db | Tx, collectionId: number) {
  return db.selectFrom('collection').select('id').where('id', '=', collectionId).executeTakeFirst();
}

export function findCollectionRoleHolders(db: Db | Tx, collectionId: number) {
  return db
    .selectFrom('collectionRole as cr')
    .innerJoin('appUser as u', 'u.id', 'cr.userId')
    .select(['cr.userId', 'u.name', 'u.email', 'cr.role'])
    .where('cr.collectionId', '=', collectionId)
    .orderBy('cr.role')
    .orderBy('u.name')
    .orderBy('u.email')
    .execute();
}

/** The collection roles one user holds in one collection. */
export async function findCollectionRolesOf(tx: Tx, collectionId: number, userId: number) {
  const rows = await tx
    .selectFrom('collectionRole')
    .select('role')
    .where('collectionId', '=', collectionId)
    .where('userId', '=', userId)
    .execute();
  return rows.map((r) => r.role);
}

/** Every saved submitter role of a collection, one row per (user, organisation, role). */
export function findSubmitterAccess(db: Db, collectionId: number) {
  return db
    .selectFrom('collectionOrganisationRole as cor')
    .innerJoin('appUser as u', 'u.id', 'cor.userId')
    .innerJoin('organisation as o', 'o.id', 'cor.organisationId')
    .select([
      'u.name as userName',
      'u.email',
      'u.providerCode as userProviderCode',
      'cor.userId',
      'o.name as organisationName',
      'o.code as organisationCode',
      'cor.organisationId',
      'cor.role',
    ])
    .where('cor.collectionId', '=', collectionId)
    .orderBy('o.name')
    .orderBy('u.name')
    .orderBy('u.email')
    .orderBy('cor.role')
    .execute();
}

export function userExists(db: Db | Tx, userId: number) {
  return db.selectFrom('appUser').select('id').where('id', '=', userId).executeTakeFirst();
}

export function isRecipient(tx: Tx, collectionId: number, organisationId: number) {
  return tx
    .selectFrom('collectionOrganisation')
    .select('organisationId')
    .where('collectionId', '=', collectionId)
    .where('organisationId', '=', organisationId)
    .executeTakeFirst();
}

/** Gives the role; the number of rows added (0 when it was held already). */
export async function insertCollectionRole(tx: Tx, role: CollectionRole) {
  const rows = await tx
    .insertInto('collectionRole')
    .values(role)
    .onConflict((oc) => oc.columns(['collectionId', 'userId', 'role']).doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

/** Takes the role; the number of rows removed (0 when it was not held). */
export async function deleteCollectionRole(tx: Tx, role: CollectionRole) {
  const result = await tx
    .deleteFrom('collectionRole')
    .where('collectionId', '=', role.collectionId)
    .where('userId', '=', role.userId)
    .where('role', '=', role.role)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The submitter roles one user holds for one recipient organisation. */
export async function findSubmitterRolesOf(tx: Tx, holder: SubmitterHolder) {
  const rows = await tx
    .selectFrom('collectionOrganisationRole')
    .select('role')
    .where('collectionId', '=', holder.collectionId)
    .where('organisationId', '=', holder.organisationId)
    .where('userId', '=', holder.userId)
    .execute();
  return rows.map((r) => r.role);
}

export function deleteSubmitterRoles(tx: Tx, holder: SubmitterHolder, roles: readonly SubmitterRole[]) {
  return tx
    .deleteFrom('collectionOrganisationRole')
    .where('collectionId', '=', holder.collectionId)
    .where('organisationId', '=', holder.organisationId)
    .where('userId', '=', holder.userId)
    .where('role', 'in', roles)
    .execute();
}

export function insertSubmitterRoles(tx: Tx, holder: SubmitterHolder, roles: readonly SubmitterRole[]) {
  return tx
    .insertInto('collectionOrganisationRole')
    .values(roles.map((role) => ({ ...holder, role })))
    .execute();
}
