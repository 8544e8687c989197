import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness';

// The built web app's caching: hashed assets kept for a year, everything else re-checked on each load, so
// a release shows at once and a page load on a slow network fetches only what changed.

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'dcf-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>DCF</title>');
  await writeFile(path.join(dist, 'assets', 'index-Bx7a9Q2c.js'), 'console.log(1);');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => rm(dist, { recursive: true, force: true }));
const t = useTestApp(() => ({ WEB_DIST_DIR: dist }));

describe('the web app is served with caching that suits each file', () => {
  it.each([
    [
      'keeps a hashed asset for a year, unasked',
      '/assets/index-Bx7a9Q2c.js',
      'public, max-age=31536000, immutable',
    ],
    ['re-checks the page itself on every load', '/collections/1', 'no-cache'],
    ['re-checks a file outside assets/ on every load', '/favicon.svg', 'no-cache'],
  ])('%s: %s', async (_, url, cacheControl) => {
    const answer = await t.app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe(cacheControl);
  });

  it('does not mark a missing asset as cacheable', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-12345678.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toContain('immutable');
  });
});
