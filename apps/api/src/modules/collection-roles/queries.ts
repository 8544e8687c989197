import type { Db, Tx } from '../../db/database';

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

export function collectionExists(tx: Tx, collectionId: number) {
  return tx
    .selectFrom('collection')
    .select(['id', 'status'])
    .where('id', '=', collectionId)
    .forUpdate()
    .executeTakeFirst();
}

export function isRecipient(tx: Tx, collectionId: number, organisationId: number) {
  return tx
    .selectFrom('collectionOrganisation')
    .select('organisationId')
    .where('collectionId', '=', collectionId)
    .where('organisationId', '=', organisationId)
    .executeTakeFirst();
}
