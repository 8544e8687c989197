import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { compiledStatement } from '../db/compiled-statement';
import type { Db } from '../db/database';
import { writeAudit } from './audit';
import { type Principal, principalColumns, principalFromRow } from './principal';

/**
 * Personal access tokens at the door (decision 0039): the credential a request carries, the principal
 * it stands for, and the record of its use. What a token may then do is the policy's (policy.ts,
 * tokenDecision); creating, listing and revoking them is modules/access-tokens.
 *
 * A secret is `dcf_pat_` and 32 random bytes (base64url): the prefix lets secret scanners find a leaked
 * one, the 256 random bits make a plain SHA-256 a safe thing to store (no password stretching needed:
 * nobody can guess through 2^256). Only the hash is kept, as for sessions.
 */
export const ACCESS_TOKEN_PREFIX = 'dcf_pat_';

export const newAccessTokenSecret = () => ACCESS_TOKEN_PREFIX + randomBytes(32).toString('base64url');

export const accessTokenHash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A token a request presents: `Bearer <token>`, or Basic with the user's email and the token as password. */
export interface PresentedToken {
  secret: string;
  /** The Basic user name: must be the token's user's email. null for Bearer. */
  email: string | null;
}

/**
 * The token in an Authorization header; null when there is no Bearer or Basic credential (a browser
 * request: its session cookie counts). A Bearer or Basic header that does not hold one still counts as a
 * token request (refused), so a bad credential never falls back on a cookie.
 */
export function presentedToken(header: string | undefined): PresentedToken | 'malformed' | null {
  if (!header) return null;
  const [scheme, value = ''] = header.trim().split(/\s+/, 2);
  const kind = scheme?.toLowerCase();
  if (kind === 'bearer')
    return value.startsWith(ACCESS_TOKEN_PREFIX) ? { secret: value, email: null } : 'malformed';
  if (kind !== 'basic') return null;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const secret = decoded.slice(colon + 1);
  if (colon < 1 || !secret.startsWith(ACCESS_TOKEN_PREFIX)) return 'malformed';
  return { secret, email: decoded.slice(0, colon) };
}

/**
 * Hashes of tokens this instance has seen live. Only these get their own allowance: keyed by whatever
 * secret was presented, every made-up token had a fresh one, so a caller could send unlimited requests
 * from one address by inventing a token each time (each still costing a database lookup).
 */
const liveTokenHashes = new Set<string>();

/**
 * The rate limit's key for a request with a token this instance knows (one allowance per token, not
 * per address), or null: the address counts, for browsers and for unknown, made-up or malformed tokens.
 * A token's first request on an instance is counted against its address.
 */
export function tokenRateLimitKey(request: FastifyRequest): string | null {
  const presented = presentedToken(request.headers.authorization);
  if (!presented || presented === 'malformed') return null;
  const hash = accessTokenHash(presented.secret);
  return liveTokenHashes.has(hash) ? `pat:${hash}` : null;
}

/** The live token a hash names, its user and every role, in one statement (as the session's). */
const tokenPrincipal = compiledStatement((db, slot) =>
  db
    .selectFrom('accessToken')
    .innerJoin('appUser', 'appUser.id', 'accessToken.userId')
    .select([
      'accessToken.id',
      'accessToken.scope',
      'accessToken.collectionId',
      'accessToken.userId',
      ...principalColumns(sql.ref('access_token.user_id')),
    ])
    .where('accessToken.tokenHash', '=', slot('tokenHash'))
    .where('accessToken.revokedAt', 'is', null)
    .where('accessToken.expiresAt', '>', slot('now')),
);

/**
 * The principal of a presented token: its user with the roles they hold NOW (read on every request, so
 * a role taken away or a deactivated account stops the token at once), limited by the token's grant.
 * null when the token is unknown, revoked or expired, its user is not active, or Basic's user name is not
 * the user's email.
 */
export async function findTokenPrincipal(db: Db, presented: PresentedToken): Promise<Principal | null> {
  const tokenHash = accessTokenHash(presented.secret);
  const [row] = await tokenPrincipal.rows(db, {
    tokenHash,
    now: new Date(),
  });
  if (row?.idpStatus !== 'Active') return null;
  if (presented.email !== null && presented.email.toLowerCase() !== row.email.toLowerCase()) return null;
  if (liveTokenHashes.size > 10_000) liveTokenHashes.clear();
  liveTokenHashes.add(tokenHash);
  return principalFromRow(row, { id: row.id, scope: row.scope, collectionId: row.collectionId });
}

const USE_RECORDED_EVERY_MS = 60_000;
const READ_METHODS = new Set(['GET', 'HEAD']);
/** When this instance last recorded each token's use (a read within the minute writes nothing). */
const lastRecorded = new Map<number, number>();

/**
 * Records a token's use (decision 0039): every write is audited on its own (it changes data; the change's
 * own audit entry carries the same request id); reads are recorded once per token per minute (a Power BI
 * refresh pages through hundreds of requests), with `last_used_at`. The update's condition makes the
 * minute shared by every instance; the map spares this instance the statement within its minute.
 */
export async function recordTokenUse(db: Db, principal: Principal, request: FastifyRequest): Promise<void> {
  const token = principal.token;
  if (!token) return;
  const isRead = READ_METHODS.has(request.method);
  const now = Date.now();
  if (isRead && now - (lastRecorded.get(token.id) ?? 0) < USE_RECORDED_EVERY_MS) return;
  lastRecorded.set(token.id, now);
  if (lastRecorded.size > 10_000) lastRecorded.clear();
  const minuteAgo = new Date(now - USE_RECORDED_EVERY_MS);
  const updated = await db
    .updateTable('accessToken')
    .set({ lastUsedAt: new Date(now) })
    .where('id', '=', token.id)
    .$if(isRead, (q) => q.where((w) => w.or([w('lastUsedAt', 'is', null), w('lastUsedAt', '<', minuteAgo)])))
    .returning('id')
    .executeTakeFirst();
  if (!updated) return;
  await writeAudit(db, {
    userId: principal.userId,
    action: 'accessToken.use',
    entityType: 'accessToken',
    entityId: token.id,
    collectionId: token.collectionId,
    after: { method: request.method, path: request.url.split('?')[0], scope: token.scope },
    requestId: request.id,
  });
}
