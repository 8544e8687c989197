import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

// The built web app's caching: hashed assets kept for a year, everything else re-checked on each load, so
// a release shows at once and a page load on a slow network fetches only what changed.

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'dcf-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>DCF</title>');
  await writeFile(path.join(dist, 'assets', 'index-Bx7a9Q2c.js'), 'console.log(1);');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the web app is served with caching that suits each file', () => {
  it('keeps a hashed asset for a year, unasked', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/assets/index-Bx7a9Q2c.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('re-checks the page itself and files outside assets/ on every load', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/collections/1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('does not mark a missing asset as cacheable', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-12345678.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toContain('immutable');
  });
});
