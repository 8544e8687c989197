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

/** One page of users whose name, email or ODS code contains the query (case-insensitive), with the total. */
export async function searchUsers(db: Db, query: string | undefined, page: number, pageSize: number) {
  let base = db.selectFrom('appUser');
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
      .orderBy(sql`lower(${sql.ref('appUser.name')}) nulls last`)
      .orderBy('appUser.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
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
