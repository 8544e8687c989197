import type { Db } from '../db/database';

/** Who is calling, with every role they hold, loaded once per request from the session's user. */
export interface Principal {
  userId: number;
  sessionId: string;
  email: string;
  name: string | null;
  /** The user's organisation (ODS code), from the identity provider: decides who may authorise for whom. */
  providerCode: string | null;
  isSuperAdmin: boolean;
  isCollectionAdmin: boolean;
  isManagementOrganisationUser: boolean;
  /** collectionId -> roles held for that collection */
  collectionRoles: Map<number, Set<'collectionManager' | 'submissionManager'>>;
  /** `${collectionId}:${organisationId}` -> roles held for that pair */
  organisationRoles: Map<string, Set<'DataEntryClerk' | 'Authoriser'>>;
}

export const orgKey = (collectionId: number, organisationId: number) => `${collectionId}:${organisationId}`;

export async function loadPrincipal(db: Db, userId: number, sessionId: string): Promise<Principal | null> {
  const user = await db
    .selectFrom('appUser')
    .select([
      'id',
      'email',
      'name',
      'providerCode',
      'isNominatedCollectionAdministrator',
      'isManagementOrganisationUser',
      'idpStatus',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user?.idpStatus !== 'Active') return null;
  const [systemRoles, collectionRoles, organisationRoles] = await Promise.all([
    db.selectFrom('userSystemRole').select('role').where('userId', '=', userId).execute(),
    db.selectFrom('collectionRole').select(['collectionId', 'role']).where('userId', '=', userId).execute(),
    db
      .selectFrom('collectionOrganisationRole')
      .select(['collectionId', 'organisationId', 'role'])
      .where('userId', '=', userId)
      .execute(),
  ]);
  const principal: Principal = {
    userId,
    sessionId,
    email: user.email,
    name: user.name,
    providerCode: user.providerCode,
    isSuperAdmin: systemRoles.some((r) => r.role === 'superAdmin'),
    isCollectionAdmin: user.isNominatedCollectionAdministrator,
    isManagementOrganisationUser: user.isManagementOrganisationUser,
    collectionRoles: new Map(),
    organisationRoles: new Map(),
  };
  for (const r of collectionRoles) {
    const set = principal.collectionRoles.get(r.collectionId) ?? new Set();
    set.add(r.role);
    principal.collectionRoles.set(r.collectionId, set);
  }
  for (const r of organisationRoles) {
    const key = orgKey(r.collectionId, r.organisationId);
    const set = principal.organisationRoles.get(key) ?? new Set();
    set.add(r.role);
    principal.organisationRoles.set(key, set);
  }
  return principal;
}
