import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { auditEntries } from '../../../test/support/audit';

const t = useTestApp({ FEATURE_COLLECTIONICON: 'false' });

describe('GET /FeatureFlag', () => {
  it('returns every flag, with configuration as the default', async () => {
    const clerk = await t.as('clerkA');
    const res = await clerk.get('/v1/api/FeatureFlag');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      COLLECTIONICON: false,
      EMAILENABLED: true,
      EXCELTEMPLATE: true,
      SESSIONMANAGEMENT: true,
    });
  });

  it('needs a signed-in user', async () => {
    const res = await t.anonymous().get('/v1/api/FeatureFlag');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('sign_in_required');
  });
});

describe('PUT /FeatureFlag/{name}', () => {
  it('lets a super administrator change a flag for everyone, and audits it', async () => {
    const admin = await t.as('superAdmin');
    const res = await admin.put('/v1/api/FeatureFlag/COLLECTIONICON', { enabled: true });
    expect(res.status).toBe(200);
    expect(res.body.COLLECTIONICON).toBe(true);
    const seenByOthers = await (await t.as('manager')).get('/v1/api/FeatureFlag');
    expect(seenByOthers.body.COLLECTIONICON).toBe(true);
    const audit = await auditEntries(t, 'featureFlag.set');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entityId: 'COLLECTIONICON', after: { enabled: true } });
  });

  it('refuses a collection administrator (403)', async () => {
    const res = await (await t.as('collectionAdmin')).put('/v1/api/FeatureFlag/EMAILENABLED', {
      enabled: false,
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
  });

  it('refuses a write without the anti-forgery header (403) and changes nothing', async () => {
    const admin = await t.as('superAdmin');
    const res = await admin.put('/v1/api/FeatureFlag/EMAILENABLED', { enabled: false }, { csrf: false });
    expect(res.status).toBe(403);
    expect((await admin.get('/v1/api/FeatureFlag')).body.EMAILENABLED).toBe(true);
  });

  it('answers 400 with field messages for a bad body', async () => {
    const admin = await t.as('superAdmin');
    const res = await admin.put('/v1/api/FeatureFlag/EMAILENABLED', { enabled: 'maybe' });
    expect(res.status).toBe(400);
    expect(res.body.errors.enabled).toHaveLength(1);
    const missing = await admin.put('/v1/api/FeatureFlag/EMAILENABLED', {});
    expect(missing.body.errors.enabled).toEqual(['Please fill in this field']);
  });

  it('answers 404 for an unknown flag name', async () => {
    const res = await (await t.as('superAdmin')).put('/v1/api/FeatureFlag/NOPE', { enabled: true });
    expect(res.status).toBe(404);
  });
});
