import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import type { App } from '../../platform/route-module';

/** A second instance of the service on the same database, as behind a load balancer. */
let second: App;
const t = useTestApp({ RATE_LIMIT_SIGN_IN_MAX: '3', RATE_LIMIT_MAX: '5' });
beforeAll(async () => {
  second = await buildApp({ config: t.config, database: t.database });
  await second.ready();
});
afterAll(() => second?.close());

const signInStart = (app: App, address: string) =>
  app.inject({ method: 'GET', url: '/v1/api/Auth/Login', remoteAddress: address });

describe('sign-in rate limit', () => {
  it('answers 429 once RATE_LIMIT_SIGN_IN_MAX sign-in starts are used in a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.anonymous().get('/v1/api/Auth/Login')).status);
    expect(statuses).toEqual([302, 302, 302, 429]);
    // Other API calls keep the general limit.
    expect((await t.anonymous().get('/v1/api/User/Current')).status).toBe(200);
  });

  it('holds across two instances: the limit is counted once, in the database, per client address', async () => {
    const address = '198.51.100.7';
    const statuses: number[] = [];
    // Alternate between the instances, as a load balancer would.
    for (let i = 0; i < 4; i++)
      statuses.push((await signInStart(i % 2 === 0 ? t.app : second, address)).statusCode);
    expect(statuses).toEqual([302, 302, 302, 429]);
    const refused = await signInStart(second, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own count.
    expect((await signInStart(second, '198.51.100.8')).statusCode).toBe(302);
  });

  it('keeps the plugin-wide limit per instance (each protects its own capacity)', async () => {
    const address = '198.51.100.9';
    const hit = (app: App) =>
      app
        .inject({ method: 'GET', url: '/v1/api/User/Current', remoteAddress: address })
        .then((r) => r.statusCode);
    const first: number[] = [];
    for (let i = 0; i < 6; i++) first.push(await hit(t.app));
    expect(first.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(first[5]).toBe(429);
    expect(await hit(second)).toBe(200);
  });

  it('never counts health checks: a load balancer polling /v1/api/health spends nobody’s allowance', async () => {
    const address = '198.51.100.10';
    const get = (url: string) =>
      t.app.inject({ method: 'GET', url, remoteAddress: address }).then((r) => r.statusCode);
    const health: number[] = [];
    for (let i = 0; i < 12; i++) health.push(await get('/v1/api/health'));
    expect(health.every((s) => s === 200)).toBe(true);
    // The address still has its whole allowance (5) for the API, then 429; health still answers.
    const api: number[] = [];
    for (let i = 0; i < 6; i++) api.push(await get('/v1/api/User/Current'));
    expect(api).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await get('/v1/api/health')).toBe(200);
    expect(await get('/v1/api/health?probe=1')).toBe(200);
  });
});
