import {
  type AccessToken,
  accessTokenExpiresAt,
  accessTokenExpiryProblem,
  accessTokenMessages,
  type CreateAccessToken,
  type CreatedAccessToken,
} from '@dcf/domain';
import type { Db } from '../../db/database';
import { accessTokenHash, newAccessTokenSecret } from '../../platform/access-tokens';
import { writeAudit } from '../../platform/audit';
import { notFound, validationProblem } from '../../platform/errors';
import { viewerOf } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { seesScope } from '../../platform/visibility';
import { findCollection } from '../collections/queries';
import { findOwnTokens, findToken, insertToken, revokeOwnToken } from './queries';

/**
 * A user's own personal access tokens (decision 0039): create (the secret returned once, only its
 * SHA-256 kept), list, revoke. Only a browser session reaches these (the ownAccountSession rule).
 */

type Row = {
  id: number;
  name: string;
  scope: 'read' | 'submit';
  collectionId: number | null;
  collectionName: string | null;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
};

const present = (row: Row): AccessToken => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The user's tokens not revoked (expired ones too, so the user sees why a system stopped), newest first. */
export async function listAccessTokens(db: Db, userId: number): Promise<{ items: AccessToken[] }> {
  const rows = await findOwnTokens(db, userId);
  return { items: rows.map(present) };
}

export async function createAccessToken(
  db: Db,
  principal: Principal,
  body: CreateAccessToken,
  requestId: string,
): Promise<CreatedAccessToken> {
  const errors: Record<string, string[]> = {};
  const expiryProblem = accessTokenExpiryProblem(body.expires);
  if (expiryProblem) errors.expires = [expiryProblem];
  const collectionId = body.collectionId ?? null;
  if (collectionId !== null && !(await mayLimitTo(db, principal, collectionId)))
    errors.collectionId = [accessTokenMessages.collectionUnknown];
  if (Object.keys(errors).length > 0) throw validationProblem(errors);

  const secret = newAccessTokenSecret();
  return db.transaction().execute(async (tx) => {
    const { id } = await insertToken(tx, {
      userId: principal.userId,
      name: body.name,
      tokenHash: accessTokenHash(secret),
      scope: body.scope,
      collectionId,
      expiresAt: accessTokenExpiresAt(body.expires),
    });
    const row = await findToken(tx, id);
    const token = present(row);
    // Never the secret, nor its hash: the audit log says what the token may do, not how to use it.
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'accessToken.create',
      entityType: 'accessToken',
      entityId: id,
      collectionId,
      after: { name: token.name, scope: token.scope, collectionId, expiresAt: token.expiresAt },
      requestId,
    });
    return { ...token, secret };
  });
}

/** A collection the user sees (as the policy's visibility rule has it) and that exists. */
async function mayLimitTo(db: Db, principal: Principal, collectionId: number): Promise<boolean> {
  return (
    (await findCollection(db, collectionId)) !== undefined &&
    (await seesScope(db, viewerOf(principal), { collectionId }))
  );
}

/** Revokes one of the user's own tokens at once (someone else's, or an unknown one: 404). */
export async function revokeAccessToken(
  db: Db,
  userId: number,
  id: number,
  requestId: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const revoked = await revokeOwnToken(tx, userId, id);
    if (!revoked) throw notFound();
    await writeAudit(tx, {
      userId,
      action: 'accessToken.revoke',
      entityType: 'accessToken',
      entityId: id,
      collectionId: revoked.collectionId,
      requestId,
    });
  });
}
