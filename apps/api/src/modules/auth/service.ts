import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { insertSignedInUser, lockUserByEmail, lockUserBySubject, recordSignIn } from './queries';

/** What the ID token (and userinfo) tell us about the person signing in. */
export interface IdentityClaims {
  sub: string;
  email: string | null;
  name: string | null;
  providerCode: string | null;
  jobTitle: string | null;
}

export function identityFromClaims(claims: Record<string, unknown>, config: Config): IdentityClaims {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  return {
    sub: String(claims.sub),
    email: text(claims.email) ?? text(claims.preferred_username),
    name: text(claims.name),
    providerCode: text(claims[config.oidc.odsClaim])?.toUpperCase() ?? null,
    jobTitle: text(claims.job_title) ?? text(claims.jobTitle),
  };
}

export type SignInOutcome =
  | { kind: 'signedIn'; userId: number }
  | { kind: 'notActive'; status: string }
  | { kind: 'noEmail' }
  | { kind: 'emailTaken' };

/**
 * Creates or updates the user from the identity provider's claims: found by subject (idpId); else a
 * pre-registered user with the same email and no idpId yet is linked; else a new user is created.
 * Only a user whose stored identity-provider status is Active may sign in.
 */
export async function signInUser(
  db: Db,
  identity: IdentityClaims,
  requestId: string,
): Promise<SignInOutcome> {
  return db.transaction().execute(async (tx) => {
    let user = await lockUserBySubject(tx, identity.sub);
    let action = 'user.signIn';
    if (!user) {
      if (!identity.email) return { kind: 'noEmail' } as const;
      const byEmail = await lockUserByEmail(tx, identity.email);
      if (byEmail?.idpId) return { kind: 'emailTaken' } as const;
      if (byEmail) {
        user = byEmail;
        action = 'user.link';
      } else {
        user = await insertSignedInUser(tx, identity.email, identity.sub);
        action = 'user.create';
      }
    }
    if (user.idpStatus !== 'Active') return { kind: 'notActive', status: user.idpStatus } as const;
    const after = {
      idpId: identity.sub,
      ...(identity.email ? { email: identity.email } : {}),
      name: identity.name,
      providerCode: identity.providerCode,
      jobTitle: identity.jobTitle,
    };
    await recordSignIn(tx, user.id, after);
    await writeAudit(tx, {
      userId: user.id,
      action,
      entityType: 'user',
      entityId: user.id,
      after: action === 'user.signIn' ? undefined : after,
      requestId,
    });
    return { kind: 'signedIn', userId: user.id } as const;
  });
}

/** A same-site path to go back to after sign-in; anything else (other sites, `//host`) becomes '/'. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Any control character (C0, DEL, C1): a tab or line break inside a path can turn it into another URL.
  if (
    [...value].some((ch) => ch.charCodeAt(0) < 0x20 || (ch.charCodeAt(0) >= 0x7f && ch.charCodeAt(0) <= 0x9f))
  )
    return '/';
  return value;
}
