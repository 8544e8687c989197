import type { Db, Tx } from '../../db/database';

/**
 * SQL of the users-and-roles screen (decision 0020): one user's account and every role they hold, the
 * audit entries about them, and the single-role changes. Role changes are audited by the service.
 */

export function findUserAccount(db: Db | Tx, userId: number) {
  return db
    .selectFrom('appUser')
    .select([
      'id',
      'name',
      'email',
      'providerCode',
      'jobTitle',
      'idpStatus',
      'lastSignInAt',
      'isNominatedCollectionAdministrator',
      'isManagementOrganisationUser',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function listCollectionRolesOf(db: Db, userId: number) {
  return db
    .selectFrom('collectionRole as cr')
    .innerJoin('collection as c', 'c.id', 'cr.collectionId')
    .select(['cr.collectionId', 'c.name as collectionName', 'cr.role'])
    .where('cr.userId', '=', userId)
    .orderBy('c.name')
    .orderBy('cr.role')
    .execute();
}

export function listOrganisationRolesOf(db: Db, userId: number) {
  return db
    .selectFrom('collectionOrganisationRole as r')
    .innerJoin('collection as c', 'c.id', 'r.collectionId')
    .innerJoin('organisation as o', 'o.id', 'r.organisationId')
    .select([
      'r.collectionId',
      'c.name as collectionName',
      'r.organisationId',
      'o.name as organisationName',
      'o.code as organisationCode',
      'r.role',
    ])
    .where('r.userId', '=', userId)
    .orderBy('c.name')
    .orderBy('o.name')
    .orderBy('r.role')
    .execute();
}

/** The newest entries about the user (entity 'user'), with who made them and where. */
export function listUserAudit(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('auditLog as a')
    .leftJoin('appUser as u', 'u.id', 'a.userId')
    .leftJoin('collection as c', 'c.id', 'a.collectionId')
    .leftJoin('organisation as o', 'o.id', 'a.organisationId')
    .select([
      'a.id',
      'a.occurredAt',
      'a.action',
      'a.before',
      'a.after',
      'u.name as byName',
      'u.email as byEmail',
      'c.name as collectionName',
      'o.name as organisationName',
    ])
    .where('a.entityType', '=', 'user')
    .where('a.entityId', '=', String(userId))
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

export function setManagementOrganisationUser(tx: Tx, userId: number, value: boolean) {
  return tx
    .updateTable('appUser')
    .set({ isManagementOrganisationUser: value, updatedAt: new Date() })
    .where('id', '=', userId)
    .execute();
}

export function setIdpStatus(tx: Tx, userId: number, status: 'Active' | 'Suspended') {
  return tx
    .updateTable('appUser')
    .set({ idpStatus: status, updatedAt: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** Ends every open session of the user (a deactivated user is signed out everywhere at once). */
export function endSessionsOf(tx: Tx, userId: number) {
  return tx
    .updateTable('session')
    .set({ endedAt: new Date() })
    .where('userId', '=', userId)
    .where('endedAt', 'is', null)
    .execute();
}
