import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startTestApp, type TestApp } from './harness';

// TRUST_PROXY as a hop count or a list of proxy addresses (decision 0033): the sign-in limit keys on
// the address that setting yields, so a client that writes its own X-Forwarded-For gains nothing.

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function signInStarts(env: Record<string, string>, from: string, forwarded: (i: number) => string) {
  const t = await startTestApp({ RATE_LIMIT_SIGN_IN_MAX: '3', ...env });
  apps.push(t);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++)
    statuses.push(
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/api/Auth/Login',
          remoteAddress: from,
          headers: { 'x-forwarded-for': forwarded(i) },
        })
      ).statusCode,
    );
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('as a hop count (one proxy that appends, as nginx and Azure Front Door do): a forged first address changes nothing', async () => {
    const statuses = await signInStarts(
      { TRUST_PROXY: '1' },
      '10.0.0.2',
      (i) => `198.51.100.${i}, 203.0.113.9`,
    );
    expect(statuses).toEqual([302, 302, 302, 429]);
  });

  it('as the proxies’ addresses: believed only from them; each real client has its own allowance', async () => {
    const viaProxy = await signInStarts(
      { TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' },
      '10.1.2.3',
      (i) => `203.0.113.${i}`,
    );
    expect(viaProxy).toEqual([302, 302, 302, 302]);
    const direct = await signInStarts(
      { TRUST_PROXY: '10.0.0.0/8' },
      '198.51.100.50',
      (i) => `203.0.113.${i}`,
    );
    expect(direct).toEqual([302, 302, 302, 429]);
  });

  it('refuses a value it cannot read, naming the setting', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8, proxy.internal' })).toThrow(
      'TRUST_PROXY: must be true, false, a number of proxies, or proxy addresses or CIDR ranges separated by commas (not proxy.internal)',
    );
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});
