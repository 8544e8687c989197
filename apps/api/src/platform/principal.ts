import { type RawBuilder, sql } from 'kysely';
import { compiledStatement } from '../db/compiled-statement';
import type { Db } from '../db/database';
import { type ActiveSession, sessionIdOf } from './sessions';

/** Who is calling, with every role they hold, loaded once per request from the session's user. */
export interface Principal {
  userId: number;
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
  /**
   * Set when the request came with a personal access token (access-tokens.ts), not a session: what the
   * token limits the user's rights to (policy.ts, tokenDecision). null for a browser session.
   */
  token: TokenGrant | null;
}

/** What a personal access token lets its user do (decision 0039). */
export interface TokenGrant {
  id: number;
  scope: 'read' | 'submit';
  /** The one collection the token is limited to, or null for every collection the user may see. */
  collectionId: number | null;
}

export const orgKey = (collectionId: number, organisationId: number) => `${collectionId}:${organisationId}`;

type SystemRole = 'superAdmin';
type CollectionRole = 'collectionManager' | 'submissionManager';
type OrganisationRole = 'DataEntryClerk' | 'Authoriser';

/**
 * Every role a user holds, as three JSON text columns (arrays of arrays: Kysely's CamelCasePlugin leaves
 * them alone).
 */
function roleColumns(userId: RawBuilder<unknown>) {
  return [
    sql<string>`(select coalesce(json_agg(r.role), '[]')::text from user_system_role r where r.user_id = ${userId})`.as(
      'systemRolesJson',
    ),
    sql<string>`(select coalesce(json_agg(json_build_array(r.collection_id, r.role)), '[]')::text from collection_role r where r.user_id = ${userId})`.as(
      'collectionRolesJson',
    ),
    sql<string>`(select coalesce(json_agg(json_build_array(r.collection_id, r.organisation_id, r.role)), '[]')::text from collection_organisation_role r where r.user_id = ${userId})`.as(
      'organisationRolesJson',
    ),
  ] as const;
}

/**
 * What a principal is made of (PrincipalRow), for the statement that reads the session's or the access
 * token's user (joined as `appUser`): the user's columns and every role they hold.
 */
export function principalColumns(userId: RawBuilder<unknown>) {
  return [
    'appUser.email',
    'appUser.name',
    'appUser.providerCode',
    'appUser.isNominatedCollectionAdministrator',
    'appUser.isManagementOrganisationUser',
    'appUser.idpStatus',
    ...roleColumns(userId),
  ] as const;
}

/** The user's columns and roles read with principalColumns. */
export interface PrincipalRow {
  userId: number;
  email: string;
  name: string | null;
  providerCode: string | null;
  isNominatedCollectionAdministrator: boolean;
  isManagementOrganisationUser: boolean;
  systemRolesJson: string;
  collectionRolesJson: string;
  organisationRolesJson: string;
}

/**
 * The session, its user and every role in one statement, compiled once (compiled-statement.ts): every
 * signed-in request runs it. Role lists come back as JSON text (arrays of arrays): Kysely's
 * CamelCasePlugin leaves them alone.
 */
const sessionPrincipal = compiledStatement((db, slot) =>
  db
    .selectFrom('session')
    .innerJoin('appUser', 'appUser.id', 'session.userId')
    .select([
      'session.id',
      'session.userId',
      'session.idleExpiresAt',
      'session.absoluteExpiresAt',
      'session.idToken',
      ...principalColumns(sql.ref('session.user_id')),
    ])
    .where('session.id', '=', slot('sessionId'))
    .where('session.endedAt', 'is', null)
    .where('session.idleExpiresAt', '>', slot('now'))
    .where('session.absoluteExpiresAt', '>', slot('now')),
);

/**
 * The live session a cookie token names and its user's principal with every role, in one statement
 * (the session, the user and the three role tables were five round trips on every request).
 * null when the session is unknown, ended or expired, or its user is no longer active. Roles are read
 * afresh on every request, so a role taken away counts at once.
 */
export async function findSessionPrincipal(
  db: Db,
  token: string,
): Promise<{ session: ActiveSession; principal: Principal } | null> {
  const now = new Date();
  const [row] = await sessionPrincipal.rows(db, { sessionId: sessionIdOf(token), now });
  if (row?.idpStatus !== 'Active') return null;
  const session: ActiveSession = {
    id: row.id,
    userId: row.userId,
    idleExpiresAt: row.idleExpiresAt,
    absoluteExpiresAt: row.absoluteExpiresAt,
    idToken: row.idToken,
  };
  return { session, principal: principalFromRow(row, null) };
}

/** A principal from its user's row and roles (principalColumns); `token` when a personal access token called. */
export function principalFromRow(row: PrincipalRow, token: TokenGrant | null): Principal {
  const systemRoles = JSON.parse(row.systemRolesJson) as SystemRole[];
  const collectionRoles = JSON.parse(row.collectionRolesJson) as [number, CollectionRole][];
  const organisationRoles = JSON.parse(row.organisationRolesJson) as [number, number, OrganisationRole][];
  const principal: Principal = {
    userId: row.userId,
    email: row.email,
    name: row.name,
    providerCode: row.providerCode,
    isSuperAdmin: systemRoles.includes('superAdmin'),
    isCollectionAdmin: row.isNominatedCollectionAdministrator,
    isManagementOrganisationUser: row.isManagementOrganisationUser,
    collectionRoles: new Map(),
    organisationRoles: new Map(),
    token,
  };
  for (const [collectionId, role] of collectionRoles) {
    const set = principal.collectionRoles.get(collectionId) ?? new Set();
    set.add(role);
    principal.collectionRoles.set(collectionId, set);
  }
  for (const [collectionId, organisationId, role] of organisationRoles) {
    const key = orgKey(collectionId, organisationId);
    const set = principal.organisationRoles.get(key) ?? new Set();
    set.add(role);
    principal.organisationRoles.set(key, set);
  }
  return principal;
}
