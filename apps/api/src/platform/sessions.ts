import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { csrfTokenFor } from './csrf';

/**
 * Server-side sessions in the database, so any API instance serves any request. The cookie holds a
 * random token; the table keeps only its SHA-256, so a database leak does not leak live sessions.
 */
export const SESSION_COOKIE = 'dcf_session';

/** A session's id: the SHA-256 of its cookie token. */
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface ActiveSession {
  id: string;
  userId: number;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  idToken: string | null;
}

function idleMinutes(config: Config, sessionManagement: boolean): number {
  // Without SESSIONMANAGEMENT there is no idle limit; the absolute limit still applies.
  return sessionManagement ? config.session.idleMinutes : config.session.absoluteHours * 60;
}

/** Starts a session for a user (at sign-in: a new token every time, never a reused one). */
export async function createSession(
  db: Db,
  config: Config,
  userId: number,
  options: { idToken?: string | null; sessionManagement: boolean },
): Promise<{ token: string; session: ActiveSession; csrfToken: string }> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const session: ActiveSession = {
    id: sessionIdOf(token),
    userId,
    idleExpiresAt: new Date(now + idleMinutes(config, options.sessionManagement) * 60_000),
    absoluteExpiresAt: new Date(now + config.session.absoluteHours * 3_600_000),
    idToken: options.idToken ?? null,
  };
  await db.insertInto('session').values(session).execute();
  return { token, session, csrfToken: csrfTokenFor(config.session.secret, session.id) };
}

/**
 * Pushes the idle deadline back (activity or POST /Auth/Refresh). Skipped when it was pushed in the
 * last minute, so a busy page does not write on every call.
 */
export async function touchSession(
  db: Db,
  config: Config,
  session: ActiveSession,
  options: { sessionManagement: boolean; force?: boolean },
): Promise<Date> {
  const idle = idleMinutes(config, options.sessionManagement) * 60_000;
  const next = new Date(Math.min(Date.now() + idle, session.absoluteExpiresAt.getTime()));
  if (!options.force && next.getTime() - session.idleExpiresAt.getTime() < 60_000)
    return session.idleExpiresAt;
  await db
    .updateTable('session')
    .set({ idleExpiresAt: next, lastSeenAt: new Date() })
    .where('id', '=', session.id)
    .execute();
  session.idleExpiresAt = next;
  return next;
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('session').set({ endedAt: new Date() }).where('id', '=', sessionId).execute();
}
