import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

describe('lookups', () => {
  it('GET /Region lists the NHS England regions', async () => {
    const res = await (await t.as('clerkA')).get('/v1/api/Region');
    expect(res.status).toBe(200);
    const names = res.body.map((r: { name: string }) => r.name);
    for (const name of [
      'London',
      'South West',
      'South East',
      'Midlands',
      'East of England',
      'North West',
      'North East and Yorkshire',
    ])
      expect(names).toContain(name);
    expect(res.body[0]).toEqual({
      id: expect.any(Number),
      code: expect.any(String),
      name: expect.any(String),
    });
  });

  it('GET /OrganisationType lists the ODS role types with short and long descriptions', async () => {
    const res = await (await t.as('manager')).get('/v1/api/OrganisationType');
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({
      id: expect.any(Number),
      code: 'RO197',
      shortDescription: 'NHS Trust',
      longDescription: 'NHS Trust',
    });
  });

  it('GET /Stp lists the 42 integrated care systems, each in an NHS England region', async () => {
    const res = await (await t.as('manager')).get('/v1/api/Stp');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(42);
    expect(res.body.map((s: any) => s.code)).toContain('QWO');
    expect(res.body.find((s: any) => s.code === 'QMJ').name).toBe('North Central London ICS');
  });

  it('needs a signed-in user (401)', async () => {
    for (const path of ['/v1/api/Region', '/v1/api/OrganisationType', '/v1/api/Stp'])
      expect((await t.anonymous().get(path)).status).toBe(401);
  });
});
