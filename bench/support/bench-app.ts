import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import type { DatabaseHandle } from '../../apps/api/src/db/database';
import { CSRF_COOKIE, CSRF_HEADER } from '../../apps/api/src/platform/csrf';
import { createSession, SESSION_COOKIE } from '../../apps/api/src/platform/sessions';

/**
 * The whole app over HTTP on a free local port, as a browser reaches it, with the request limit lifted:
 * a bench measures the work, not the throttle. `signIn` gives a user's session cookie and the headers a
 * write needs (the session's anti-forgery token, decision 0032).
 */
export async function listenBenchApp(handle: DatabaseHandle) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_MAX: '1000000',
  });
  const app = await buildApp({ config, database: handle });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const signIn = async (userId: number) => {
    const { token, csrfToken } = await createSession(handle.db, config, userId, { sessionManagement: true });
    const cookie = `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrfToken}`;
    return { cookie, headers: { cookie, [CSRF_HEADER]: csrfToken, 'content-type': 'application/json' } };
  };
  return { app, origin, signIn };
}
