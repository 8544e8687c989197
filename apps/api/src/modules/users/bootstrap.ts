import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { writeAudit } from '../../platform/audit';

/**
 * The first super administrator, without SQL (decision 0033): `node apps/api/dist/cli.mjs
 * bootstrap-admin <email>` (`npm run cli -- bootstrap-admin <email>`), or BOOTSTRAP_SUPER_ADMIN_EMAILS,
 * whose people become super administrators when they first sign in. Both are refused once any super
 * administrator exists: from then on roles are given in the app, by a super administrator, audited.
 */
export type BootstrapOutcome =
  | { kind: 'made'; userId: number; email: string; registered: boolean }
  | { kind: 'refused'; reason: string };

/** Serialises bootstraps (two instances, a CLI and a sign-in) so only one can find "none yet". */
const BOOTSTRAP_LOCK = 0x6463_6601;

async function existingSuperAdministrator(tx: Tx) {
  return tx
    .selectFrom('userSystemRole')
    .innerJoin('appUser', 'appUser.id', 'userSystemRole.userId')
    .select('appUser.email')
    .where('userSystemRole.role', '=', 'superAdmin')
    .executeTakeFirst();
}

/**
 * Makes the user with this email (registered first when nobody has it yet) the super administrator,
 * inside `tx`, unless one exists already.
 */
export async function bootstrapSuperAdministratorIn(
  tx: Tx,
  email: string,
  source: 'cli' | 'sign-in',
): Promise<BootstrapOutcome> {
  await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`.execute(tx);
  const existing = await existingSuperAdministrator(tx);
  if (existing)
    return {
      kind: 'refused',
      reason: `A super administrator exists already (${existing.email}): give roles in the app instead.`,
    };
  const found = await tx
    .selectFrom('appUser')
    .select(['id', 'email'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  const user =
    found ??
    (await tx
      .insertInto('appUser')
      .values({ email: email.trim(), updatedAt: new Date() })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow());
  await tx.insertInto('userSystemRole').values({ userId: user.id, role: 'superAdmin' }).execute();
  await writeAudit(tx, {
    userId: source === 'sign-in' ? user.id : null,
    action: 'user.bootstrapSuperAdministrator',
    entityType: 'user',
    entityId: user.id,
    after: { userId: user.id, roles: ['superAdmin'], source },
    requestId: null,
  });
  return { kind: 'made', userId: user.id, email: user.email, registered: !found };
}

export function bootstrapSuperAdministrator(db: Db, email: string, source: 'cli' | 'sign-in') {
  return db.transaction().execute((tx) => bootstrapSuperAdministratorIn(tx, email, source));
}

/** Whether the email is one BOOTSTRAP_SUPER_ADMIN_EMAILS lists (compared without case). */
export const isBootstrapEmail = (emails: readonly string[], email: string | null | undefined) =>
  !!email && emails.some((listed) => listed.toLowerCase() === email.trim().toLowerCase());
