import { describe, expect, it } from 'vitest';
import { engine } from '../../../test/engine';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

describe('health', () => {
  it('answers without signing in and reports the database engine', async () => {
    const res = await t.anonymous().get('/v1/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: { status: 'ok', kind: engine } });
  });

  it('redirects /health to the API health endpoint', async () => {
    const res = await t.anonymous().get('/health');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/v1/api/health');
  });

  it('sends security headers and a request id', async () => {
    const res = await t.anonymous().get('/v1/api/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(res.headers['x-request-id'])).toMatch(/^[\w-]{8,}$/);
  });

  it('answers unknown API paths with a problem document, not a stack trace', async () => {
    const res = await t.anonymous().get('/v1/api/NoSuchThing');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.anonymous().get('/v1/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/v1/api/health');
  });
});
