import type { Tx } from '../../db/database';

/** SQL of signing in: finding, creating and updating the user the identity provider names. */

/** The user with this identity-provider subject, their row locked for the rest of the transaction. */
export function lockUserBySubject(tx: Tx, sub: string) {
  return tx
    .selectFrom('appUser')
    .select(['id', 'idpStatus'])
    .where('idpId', '=', sub)
    .forUpdate()
    .executeTakeFirst();
}

/** The user with this email (any case), their row locked for the rest of the transaction. */
export function lockUserByEmail(tx: Tx, email: string) {
  return tx
    .selectFrom('appUser')
    .select(['id', 'idpStatus', 'idpId'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .forUpdate()
    .executeTakeFirst();
}

export function insertSignedInUser(tx: Tx, email: string, sub: string) {
  return tx
    .insertInto('appUser')
    .values({ email, idpId: sub, updatedAt: new Date() })
    .returning(['id', 'idpStatus'])
    .executeTakeFirstOrThrow();
}

/** Stores what the identity provider says about the user now and when they signed in. */
export function recordSignIn(
  tx: Tx,
  userId: number,
  claims: {
    idpId: string;
    email?: string;
    name: string | null;
    providerCode: string | null;
    jobTitle: string | null;
  },
) {
  return tx
    .updateTable('appUser')
    .set({ ...claims, lastSignInAt: new Date(), updatedAt: new Date() })
    .where('id', '=', userId)
    .execute();
}
