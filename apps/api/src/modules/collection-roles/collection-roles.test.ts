import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { auditEntries } from '../../../test/support/audit';
import { openNonRecipients } from '../../../test/support/returns-fixture';

let demoId: number;
let rj1: number;
let rgt: number;
let clerkB: number;
let manager: number;
let submissionManager: number;
let notRecipient: number;
const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  demoId = await t.demoCollectionId();
  rj1 = await t.organisationId('RJ1');
  rgt = await t.organisationId('RGT');
  notRecipient = (await openNonRecipients(db, 1))[0]!.id;
  const userByRole = async (role: 'collectionManager' | 'submissionManager') =>
    (
      await db
        .selectFrom('collectionRole')
        .select('userId')
        .where('collectionId', '=', demoId)
        .where('role', '=', role)
        .executeTakeFirstOrThrow()
    ).userId;
  manager = await userByRole('collectionManager');
  submissionManager = await userByRole('submissionManager');
  clerkB = (
    await db
      .selectFrom('collectionOrganisationRole')
      .select('userId')
      .where('organisationId', '=', rgt)
      .where('role', '=', 'DataEntryClerk')
      .executeTakeFirstOrThrow()
  ).userId;
}, 60_000);

const rolesUrl = (id: number) => `/v1/api/Collection/${id}/Roles`;
const roleUrl = (id: number) => `/v1/api/Collection/${id}/Role`;
const accessUrl = (id: number) => `/v1/api/View/Manager/Collection/${id}/SubmitterAccess`;
const setAccessUrl = (id: number, organisationId: number) =>
  `/v1/api/Collection/${id}/Organisation/${organisationId}/SubmitterAccess`;

describe('GET /Collection/{id}/Roles', () => {
  it('lists the managers and submission managers with name and email', async () => {
    const res = await (await t.as('manager')).get(rolesUrl(demoId));
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: manager, role: 'collectionManager', email: expect.any(String) }),
        expect.objectContaining({ userId: submissionManager, role: 'submissionManager' }),
      ]),
    );
    expect(res.body.items).toHaveLength(2);
    expect(res.body.items[0].userName.length).toBeGreaterThan(0);
  });

  it('answers 401, 403 to submitters and submission managers, 404 for an unknown collection', async () => {
    expect((await t.anonymous().get(rolesUrl(demoId))).status).toBe(401);
    expect((await (await t.as('clerkA')).get(rolesUrl(demoId))).status).toBe(403);
    expect((await (await t.as('submissionManager')).get(rolesUrl(demoId))).status).toBe(403);
    expect((await (await t.as('manager')).get(rolesUrl(999_999))).status).toBe(404);
    expect((await (await t.as('superAdmin')).get(rolesUrl(999_999))).status).toBe(404);
  });
});

describe('PUT /Collection/{id}/Role', () => {
  it('gives and takes a role, which decides what the user may then do, and audits it', async () => {
    const admin = await t.as('collectionAdmin');
    // The manager roles go only to users of a management organisation (decision 0032): an analyst at X24.
    const analyst = (
      await t.database.db
        .insertInto('appUser')
        .values({
          email: 'analyst@dcf.example',
          name: 'Ana Analyst',
          providerCode: 'X24',
          updatedAt: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const give = await admin.put(roleUrl(demoId), {
      userId: analyst,
      role: 'submissionManager',
      assigned: true,
    });
    expect(give.status).toBe(200);
    expect(give.body.items).toContainEqual(
      expect.objectContaining({ userId: analyst, role: 'submissionManager' }),
    );
    // The analyst now monitors the collection: the roles list is still setup-only (403), recipients show all.
    const asAnalyst = await t.asUser(analyst);
    expect((await asAnalyst.get(`/v1/api/Collection/${demoId}/Organisation`)).body.total).toBe(2);
    // Giving it twice changes nothing.
    const twice = await admin.put(roleUrl(demoId), {
      userId: analyst,
      role: 'submissionManager',
      assigned: true,
    });
    expect(twice.body.items.filter((r: any) => r.userId === analyst)).toHaveLength(1);

    const take = await admin.put(roleUrl(demoId), {
      userId: analyst,
      role: 'submissionManager',
      assigned: false,
    });
    expect(take.body.items.some((r: any) => r.userId === analyst)).toBe(false);
    expect((await (await t.asUser(analyst)).get(`/v1/api/Collection/${demoId}/Organisation`)).status).toBe(
      404,
    );
    const audits = await t.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('collectionId', '=', demoId)
      .where('action', 'like', 'collectionRole.%')
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['collectionRole.assign', 'collectionRole.remove']);
  });

  it('answers 400 for a bad role or missing field, 404 for an unknown user or collection', async () => {
    const m = await t.as('manager');
    const bad = await m.put(roleUrl(demoId), { userId: clerkB, role: 'superAdmin', assigned: true });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.role).toBeDefined();
    const missing = await m.put(roleUrl(demoId), { userId: clerkB, role: 'submissionManager' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.assigned).toEqual(['Please fill in this field']);
    const unknownUser = await m.put(roleUrl(demoId), {
      userId: 987_654,
      role: 'submissionManager',
      assigned: true,
    });
    expect(unknownUser.status).toBe(404);
    expect(unknownUser.body.code).toBe('unknown_user');
    expect(
      (await m.put(roleUrl(999_999), { userId: clerkB, role: 'submissionManager', assigned: true })).status,
    ).toBe(404);
  });

  it('answers 401 signed out and 403 to submitters and submission managers', async () => {
    const body = { userId: clerkB, role: 'collectionManager', assigned: true };
    expect((await t.anonymous().put(roleUrl(demoId), body)).status).toBe(401);
    for (const persona of ['clerkB', 'authoriserA', 'submissionManager'] as const)
      expect((await (await t.as(persona)).put(roleUrl(demoId), body)).status, persona).toBe(403);
    const roles = await (await t.as('manager')).get(rolesUrl(demoId));
    expect(roles.body.items.some((r: any) => r.userId === clerkB)).toBe(false);
  });
});

describe('GET /View/Manager/Collection/{id}/SubmitterAccess', () => {
  it('lists every submitter role as role-assignment list rows', async () => {
    const res = await (await t.as('manager')).get(accessUrl(demoId));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(4);
    expect(res.body).toContainEqual({
      userName: expect.any(String),
      userId: clerkB,
      email: expect.any(String),
      organisationName: expect.stringMatching(/cambridge/i),
      organisationId: rgt,
      role: 'DataEntryClerk',
      status: 'New',
      isDuplicate: false,
      userProviderCode: 'RGT',
      isFromElsewhere: false,
    });
  });

  it('answers 401, 403 and 404', async () => {
    expect((await t.anonymous().get(accessUrl(demoId))).status).toBe(401);
    expect((await (await t.as('authoriserA')).get(accessUrl(demoId))).status).toBe(403);
    expect((await (await t.as('manager')).get(accessUrl(999_999))).status).toBe(404);
  });
});

describe('PUT /Collection/{id}/Organisation/{organisationId}/SubmitterAccess', () => {
  it('gives a user a role at a recipient, which lets them see it, then removes it', async () => {
    const m = await t.as('manager');
    // clerkB works at RGT: a clerk from elsewhere at RJ1 (the Authoriser role is RJ1's own staff's).
    const give = await m.put(setAccessUrl(demoId, rj1), { userId: clerkB, roles: ['DataEntryClerk'] });
    expect(give.status).toBe(200);
    expect(give.body.map((r: any) => r.role)).toEqual(['DataEntryClerk']);
    const seen = await (await t.as('clerkB')).get(`/v1/api/Collection/${demoId}/Organisation`);
    expect(seen.body.items.map((r: any) => r.organisationId).sort()).toEqual([rj1, rgt].sort());

    const none = await m.put(setAccessUrl(demoId, rj1), { userId: clerkB, roles: [] });
    expect(none.body).toEqual([]);
    expect((await m.get(accessUrl(demoId))).body).toHaveLength(4);
    expect(await auditEntries(t, 'collectionOrganisationRole.set', { organisationId: rj1 })).toHaveLength(2);
  });

  it('answers 400 for an unknown role or missing roles, 404 for a non-recipient, unknown user or collection', async () => {
    const m = await t.as('manager');
    const bad = await m.put(setAccessUrl(demoId, rj1), { userId: clerkB, roles: ['Admin'] });
    expect(bad.status).toBe(400);
    const missing = await m.put(setAccessUrl(demoId, rj1), { userId: clerkB });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.roles).toEqual(['Please fill in this field']);
    const outside = await m.put(setAccessUrl(demoId, notRecipient), {
      userId: clerkB,
      roles: ['Authoriser'],
    });
    expect(outside.status).toBe(404);
    expect(outside.body.code).toBe('not_recipients');
    const unknownUser = await m.put(setAccessUrl(demoId, rj1), { userId: 987_654, roles: ['Authoriser'] });
    expect(unknownUser.status).toBe(404);
    expect((await m.put(setAccessUrl(999_999, rj1), { userId: clerkB, roles: [] })).status).toBe(404);
  });

  it('answers 401 signed out and 403 to submitters and submission managers', async () => {
    const body = { userId: clerkB, roles: ['Authoriser'] };
    expect((await t.anonymous().put(setAccessUrl(demoId, rj1), body)).status).toBe(401);
    for (const persona of ['clerkA', 'authoriserA', 'submissionManager'] as const)
      expect((await (await t.as(persona)).put(setAccessUrl(demoId, rj1), body)).status, persona).toBe(403);
    expect((await (await t.as('manager')).get(accessUrl(demoId))).body).toHaveLength(4);
  });
});
