import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';

const rowColumns = [
  'appUser.id',
  'appUser.name',
  'appUser.email',
  'appUser.providerCode',
  'appUser.idpId',
] as const;

/** Escapes LIKE wildcards so a search for "50%" means the text, not a pattern. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Whom a collection manager may find in the directory (decision: hardening): the staff of the
 * organisations their collections go to and of their own organisation, whoever already holds a role in
 * their collections, and anyone by their exact email address (a clerk from a support unit elsewhere).
 * Administrators are not limited (null).
 */
export interface DirectoryScope {
  managedCollectionIds: number[];
  providerCode: string | null;
}

/**
 * One page of users whose name, email or ODS code contains the query (case-insensitive), with the total,
 * within the caller's scope. With `ownStaffOf` (an organisation's ODS code) its own staff come first.
 */
export async function searchUsers(
  db: Db,
  params: { query?: string | undefined; page: number; pageSize: number; ownStaffOf?: string | undefined },
  scope: DirectoryScope | null,
) {
  const { query, page, pageSize, ownStaffOf } = params;
  let base = db.selectFrom('appUser');
  if (scope) {
    const managed = scope.managedCollectionIds.length > 0 ? scope.managedCollectionIds : [0];
    base = base.where((eb) =>
      eb.or([
        eb(
          sql`upper(${sql.ref('appUser.providerCode')})`,
          'in',
          eb
            .selectFrom('collectionOrganisation as co')
            .innerJoin('organisation as o', 'o.id', 'co.organisationId')
            .select(sql<string>`upper(o.code)`.as('code'))
            .where('co.collectionId', 'in', managed),
        ),
        ...(scope.providerCode
          ? [eb(sql`upper(${sql.ref('appUser.providerCode')})`, '=', scope.providerCode.toUpperCase())]
          : []),
        eb(
          'appUser.id',
          'in',
          eb
            .selectFrom('collectionRole')
            .select('userId')
            .where('collectionId', 'in', managed)
            .union(
              eb
                .selectFrom('collectionOrganisationRole')
                .select('userId')
                .where('collectionId', 'in', managed),
            ),
        ),
        ...(query ? [eb(eb.fn('lower', ['appUser.email']), '=', query.toLowerCase())] : []),
      ]),
    );
  }
  if (query) {
    const pattern = `%${likeEscape(query)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('appUser.name', 'ilike', pattern),
        eb('appUser.email', 'ilike', pattern),
        eb('appUser.providerCode', 'ilike', pattern),
      ]),
    );
  }
  const [items, count] = await Promise.all([
    base
      .select([...rowColumns])
      .$if(ownStaffOf !== undefined, (qb) =>
        qb.orderBy(
          sql`coalesce(upper(trim(${sql.ref('appUser.providerCode')})) = ${ownStaffOf?.trim().toUpperCase() ?? ''}, false)`,
          'desc',
        ),
      )
      .orderBy(sql`lower(${sql.ref('appUser.name')}) nulls last`)
      .orderBy('appUser.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    // The identity provider's subject is for administrators only.
    items: scope ? items.map((item) => ({ ...item, idpId: null })) : items,
    total: Number(count.total),
  };
}

export function findOrganisationCode(db: Db, organisationId: number) {
  return db.selectFrom('organisation').select('code').where('id', '=', organisationId).executeTakeFirst();
}

export function findUserByEmail(db: Db | Tx, email: string) {
  return db
    .selectFrom('appUser')
    .select([...rowColumns])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function insertUser(tx: Tx, values: { email: string; name: string | null }) {
  return tx
    .insertInto('appUser')
    .values({ ...values, updatedAt: new Date() })
    .returning([...rowColumns])
    .executeTakeFirstOrThrow();
}

/** The signed-in user's profile columns and their organisation's name (by ODS code). */
export function currentUserProfile(db: Db, userId: number) {
  return db
    .selectFrom('appUser')
    .leftJoin('organisation', 'organisation.code', 'appUser.providerCode')
    .select([...rowColumns, 'appUser.jobTitle', 'organisation.name as organisationName'])
    .where('appUser.id', '=', userId)
    .executeTakeFirst();
}

export function listAdministrators(db: Db) {
  return db
    .selectFrom('appUser')
    .select([
      ...rowColumns,
      'appUser.isNominatedCollectionAdministrator as isCollectionAdmin',
      'appUser.isManagementOrganisationUser',
    ])
    .where('appUser.isNominatedCollectionAdministrator', '=', true)
    .orderBy(sql`lower(${sql.ref('appUser.name')}) nulls last`)
    .orderBy('appUser.id')
    .execute();
}

export function findAdministratorFlags(tx: Tx, userId: number) {
  return tx
    .selectFrom('appUser')
    .select(['id', 'isNominatedCollectionAdministrator', 'isManagementOrganisationUser'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export function setAdministratorFlags(tx: Tx, userId: number, value: boolean) {
  return tx
    .updateTable('appUser')
    .set({
      isNominatedCollectionAdministrator: value,
      isManagementOrganisationUser: value,
      updatedAt: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}
