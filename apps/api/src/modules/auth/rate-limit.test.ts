import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SIGN_IN_MAX: '3' });
});
afterAll(() => t.close());

describe('sign-in rate limit', () => {
  it('answers 429 once RATE_LIMIT_SIGN_IN_MAX sign-in starts are used in a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.anonymous().get('/v1/api/Auth/Login')).status);
    expect(statuses).toEqual([302, 302, 302, 429]);
    // Other API calls keep the general limit.
    expect((await t.anonymous().get('/v1/api/User/Current')).status).toBe(200);
  });
});
