import { anonymousUser, currentUserSchema } from '@dcf/domain';
import { describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../../../test/harness';
import { auditActionsFor } from '../../../test/support/audit';
import { signInThroughProvider } from '../../../test/support/sign-in-flow';

const t = useTestApp();

describe('GET /User/Current', () => {
  it('answers the anonymous user when nobody is signed in', async () => {
    const res = await t.anonymous().get('/v1/api/User/Current');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(anonymousUser);
  });

  it('shows the user who signed in through the identity provider, with their organisation', async () => {
    const browser = t.anonymous();
    await signInThroughProvider(browser, t.config.publicUrl, 'clerkA');
    const res = await browser.get('/v1/api/User/Current');
    expect(res.status).toBe(200);
    expect(currentUserSchema.parse(res.body)).toBeTruthy();
    expect(res.body).toMatchObject({
      isAuthenticated: true,
      idpId: 'dev|clerkA',
      email: 'clerk.a@dcf.example',
      name: 'Chris Clerk',
      providerCode: 'RJ1',
      jobTitle: 'Data officer',
      isSuperAdmin: false,
      isCollectionAdmin: false,
      isCollectionManager: false,
      isCollectionSubmitter: true,
      systemRoles: [],
      collectionRoles: [],
    });
    expect(res.body.organisation).toMatch(/GUY'S AND ST THOMAS'/i);
    expect(res.body.collectionOrganisationRoles).toEqual([
      expect.objectContaining({ role: 'DataEntryClerk' }),
    ]);
    expect(Date.parse(res.body.sessionExpiresAt)).toBeGreaterThan(Date.now());
  });

  it('derives the flags for each kind of user', async () => {
    const flags = async (persona: Parameters<TestApp['as']>[0]) => {
      const b = (await (await t.as(persona)).get('/v1/api/User/Current')).body;
      return [b.isSuperAdmin, b.isCollectionAdmin, b.isCollectionManager, b.isCollectionSubmitter];
    };
    expect(await flags('superAdmin')).toEqual([true, false, false, false]);
    expect(await flags('collectionAdmin')).toEqual([false, true, false, false]);
    expect(await flags('manager')).toEqual([false, false, true, false]);
    expect(await flags('submissionManager')).toEqual([false, false, true, false]);
    expect(await flags('authoriserB')).toEqual([false, false, false, true]);
    const admin = (await (await t.as('superAdmin')).get('/v1/api/User/Current')).body;
    expect(admin.systemRoles).toEqual([{ role: 'superAdmin' }]);
  });
});

describe('GET /User', () => {
  it('searches name, email and ODS code case-insensitively, paginated', async () => {
    const manager = await t.as('manager');
    const byName = await manager.get('/v1/api/User?query=chris%20CLERK');
    expect(byName.status).toBe(200);
    expect(byName.body.items.map((u: { email: string }) => u.email)).toEqual(['clerk.a@dcf.example']);
    expect(byName.body.items[0]).toEqual({
      id: expect.any(Number),
      name: 'Chris Clerk',
      email: 'clerk.a@dcf.example',
      providerCode: 'RJ1',
      // The identity provider's subject is for administrators.
      idpId: null,
    });
    const asAdmin = await (await t.as('collectionAdmin')).get('/v1/api/User?query=chris%20CLERK');
    expect(asAdmin.body.items[0].idpId).toBe('dev|clerkA');
    const byCode = await manager.get('/v1/api/User?query=rgt');
    expect(byCode.body.total).toBe(2);
    const page1 = await manager.get('/v1/api/User?pageSize=4&page=1');
    const page3 = await manager.get('/v1/api/User?pageSize=4&page=3');
    expect(page1.body.items).toHaveLength(4);
    expect(page1.body.total).toBeGreaterThanOrEqual(9);
    expect(page3.body.items.length).toBe(page1.body.total - 8);
    const wildcard = await manager.get('/v1/api/User?query=%25');
    expect(wildcard.body.total).toBe(0);
  });

  it('answers 400 for a bad page size', async () => {
    const res = await (await t.as('manager')).get('/v1/api/User?pageSize=1000');
    expect(res.status).toBe(400);
    expect(res.body.errors.pageSize).toHaveLength(1);
  });

  it('is for administrators and collection managers, who give roles; nobody else (403)', async () => {
    expect((await t.anonymous().get('/v1/api/User')).status).toBe(401);
    for (const persona of ['clerkA', 'authoriserB', 'nhsi', 'submissionManager'] as const)
      expect((await (await t.as(persona)).get('/v1/api/User')).status, persona).toBe(403);
    expect((await (await t.as('collectionAdmin')).get('/v1/api/User')).status).toBe(200);
  });

  it('limits a manager to the people their collections need; anyone else only by exact email', async () => {
    // Staff of an organisation that is not a recipient, with no role anywhere and not of NHS England.
    const stranger = await t.database.db
      .insertInto('appUser')
      .values({
        email: 'pat.stranger@leeds.example',
        name: 'Pat Stranger',
        providerCode: 'RR8',
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const manager = await t.as('manager');
    const everyone = await manager.get('/v1/api/User?pageSize=100');
    expect(everyone.body.items.map((u: { id: number }) => u.id)).not.toContain(stranger.id);
    expect((await manager.get('/v1/api/User?query=stranger')).body.total).toBe(0);
    expect((await manager.get('/v1/api/User?query=RR8')).body.total).toBe(0);
    const byEmail = await manager.get('/v1/api/User?query=PAT.STRANGER%40leeds.example');
    expect(byEmail.body.items.map((u: { id: number }) => u.id)).toEqual([stranger.id]);
    // Administrators search everyone.
    const admin = await t.as('superAdmin');
    expect((await admin.get('/v1/api/User?query=stranger')).body.total).toBe(1);
  });

  it('lists an organisation’s own staff first when asked for one organisation', async () => {
    const manager = await t.as('manager');
    const rgt = await t.organisationId('RGT');
    const res = await manager.get(`/v1/api/User?organisationId=${rgt}&pageSize=100`);
    expect(res.status).toBe(200);
    const codes = res.body.items.map((u: { providerCode: string | null }) => u.providerCode);
    expect(codes.slice(0, 2)).toEqual(['RGT', 'RGT']);
    expect(codes.slice(2)).not.toContain('RGT');
  });
});

describe('POST /User (pre-registration)', () => {
  it('registers a user by email, audited, who is linked at first sign-in', async () => {
    const admin = await t.as('collectionAdmin');
    const res = await admin.post('/v1/api/User', { email: 'New.Starter@nhs.example', name: 'New Starter' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'New.Starter@nhs.example', idpId: null, name: 'New Starter' });
    const audit = await t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'user.preRegister')
      .executeTakeFirstOrThrow();
    expect(audit.entityId).toBe(String(res.body.id));
  });

  it('answers 409 for an email already registered (any case)', async () => {
    const res = await (await t.as('superAdmin')).post('/v1/api/User', { email: 'CLERK.A@dcf.example' });
    expect(res.status).toBe(409);
  });

  it('answers 400 with field messages', async () => {
    const admin = await t.as('superAdmin');
    expect((await admin.post('/v1/api/User', {})).body.errors.email).toEqual(['Please fill in this field']);
    expect((await admin.post('/v1/api/User', { email: 'not-an-email' })).body.errors.email).toEqual([
      'Enter a valid email address',
    ]);
  });

  it('is for administrators only', async () => {
    expect((await t.anonymous().post('/v1/api/User', { email: 'a@b.example' })).status).toBe(401);
    expect((await (await t.as('manager')).post('/v1/api/User', { email: 'a@b.example' })).status).toBe(403);
  });
});

describe('Collection administrators', () => {
  it('lists the collection administrators', async () => {
    const res = await (await t.as('collectionAdmin')).get('/v1/api/Collection/Administrators');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ email: 'collection.admin@dcf.example', isCollectionAdmin: true }),
    ]);
  });

  it('lets a super administrator nominate and remove one, setting both flags, audited', async () => {
    const admin = await t.as('superAdmin');
    const managerId = await t.userId('manager');
    const nominated = await admin.post('/v1/api/Collection/Administrators', {
      userId: managerId,
      isCollectionAdmin: true,
    });
    expect(nominated.status).toBe(200);
    expect(nominated.body.find((a: { id: number }) => a.id === managerId)).toMatchObject({
      isCollectionAdmin: true,
      isManagementOrganisationUser: true,
    });
    expect((await (await t.as('manager')).get('/v1/api/User/Current')).body.isCollectionAdmin).toBe(true);
    const removed = await admin.post('/v1/api/Collection/Administrators', {
      userId: managerId,
      isCollectionAdmin: false,
    });
    expect(removed.body.some((a: { id: number }) => a.id === managerId)).toBe(false);
    const row = await t.database.db
      .selectFrom('appUser')
      .select(['isNominatedCollectionAdministrator', 'isManagementOrganisationUser'])
      .where('id', '=', managerId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ isNominatedCollectionAdministrator: false, isManagementOrganisationUser: false });
    expect(await auditActionsFor(t, 'user', { entityId: managerId })).toEqual([
      'user.nominateAdministrator',
      'user.removeAdministrator',
    ]);
  });

  it('refuses a collection administrator (403) and anonymous (401)', async () => {
    const body = { userId: 1, isCollectionAdmin: true };
    expect(
      (await (await t.as('collectionAdmin')).post('/v1/api/Collection/Administrators', body)).status,
    ).toBe(403);
    expect((await t.anonymous().post('/v1/api/Collection/Administrators', body)).status).toBe(401);
    expect((await (await t.as('clerkA')).get('/v1/api/Collection/Administrators')).status).toBe(403);
  });

  it('answers 404 for an unknown user and 400 for a bad body', async () => {
    const admin = await t.as('superAdmin');
    const missing = await admin.post('/v1/api/Collection/Administrators', {
      userId: 999999,
      isCollectionAdmin: true,
    });
    expect(missing.status).toBe(404);
    const bad = await admin.post('/v1/api/Collection/Administrators', { userId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.isCollectionAdmin).toEqual(['Please fill in this field']);
  });
});
