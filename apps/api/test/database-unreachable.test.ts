import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import type { App } from '../src/platform/route-module';
import { freePort } from './support/free-port';

/**
 * The service with its database out of reach, in the two ways a network fails: a port that refuses
 * connections (the server is down or restarting) and one that accepts and never answers (packets
 * dropped). Either way requests answer 503 in our problem shape, quickly, and health says degraded.
 * The restart under load is the fault test (test/fault).
 */
const CONNECT_TIMEOUT_MS = 500;
let blackHole: Server;
const held: Socket[] = [];
const instances: { app: App; database: DatabaseHandle }[] = [];

async function appOn(url: string): Promise<App> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DATABASE_URL: url,
    // An external issuer: the built-in development provider keeps its signing key in the database.
    OIDC_ISSUER: 'http://127.0.0.1:9/oidc',
    OIDC_CLIENT_ID: 'dcf',
    OIDC_CLIENT_SECRET: 'unreachable-database-test-secret',
  });
  const database = await openDatabase({
    databaseUrl: url,
    pgliteDir: '',
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
  });
  const app = await buildApp({ config, database });
  await app.ready();
  instances.push({ app, database });
  return app;
}

let refused: App;
let silent: App;
beforeAll(async () => {
  blackHole = createServer((socket) => held.push(socket));
  const silentPort = await freePort();
  await new Promise<void>((resolve) => blackHole.listen(silentPort, '127.0.0.1', resolve));
  refused = await appOn(`postgres://dcf@127.0.0.1:${await freePort()}/dcf`);
  silent = await appOn(`postgres://dcf@127.0.0.1:${silentPort}/dcf`);
});
afterAll(async () => {
  for (const { app, database } of instances) {
    await app.close();
    await database.close();
  }
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => blackHole?.close(resolve));
});

describe('database out of reach', () => {
  for (const [name, app] of [
    ['refused', () => refused],
    ['never answering', () => silent],
  ] as const) {
    it(`${name}: health says degraded and a signed-in request answers 503, not 500`, async () => {
      const health = await app().inject({ method: 'GET', url: '/v1/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'degraded', database: { status: 'unavailable' } });
      expect((await app().inject({ method: 'GET', url: '/health' })).statusCode).toBe(302);

      const started = Date.now();
      const res = await app().inject({
        method: 'GET',
        url: '/v1/api/Collection',
        cookies: { dcf_session: 'a-session-token-that-needs-the-database' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ status: 503, code: 'database_unavailable' });
      // Answered once the connect timeout is up, not left hanging.
      expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 10_000);
    });
  }
});
