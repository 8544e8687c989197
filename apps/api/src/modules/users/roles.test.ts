import { roleMessages, type UserRoles } from '@dcf/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, useTestApp } from '../../../test/harness';

let admin: Client;
let collectionId: number;
let rj1: number;
const ids: Record<string, number> = {};

const t = useTestApp();
beforeAll(async () => {
  admin = await t.as('superAdmin');
  collectionId = await t.demoCollectionId();
  rj1 = await t.organisationId('RJ1');
  for (const key of ['superAdmin', 'clerkA', 'clerkB', 'nhsi'] as const) ids[key] = await t.userId(key);
});

const rolesOf = async (userId: number) => {
  const response = await admin.get<UserRoles>(`/v1/api/User/${userId}/Roles`);
  expect(response.status, response.text).toBe(200);
  return response.body;
};

describe('GET /User/{id}/Roles', () => {
  it('shows every role the user holds with the organisation and whether they are its own staff', async () => {
    const roles = await rolesOf(ids.clerkA!);
    expect(roles.user).toMatchObject({ email: 'clerk.a@dcf.example', isActive: true });
    expect(roles.isSuperAdmin).toBe(false);
    expect(roles.organisationRoles).toContainEqual(
      expect.objectContaining({
        collectionId,
        organisationCode: 'RJ1',
        role: 'DataEntryClerk',
        isFromElsewhere: false,
      }),
    );
    expect((await rolesOf(ids.superAdmin!)).isSuperAdmin).toBe(true);
  });

  it('is for administrators only, and 404 for an unknown user', async () => {
    expect((await (await t.as('manager')).get(`/v1/api/User/${ids.clerkA}/Roles`)).status).toBe(403);
    expect((await t.anonymous().get(`/v1/api/User/${ids.clerkA}/Roles`)).status).toBe(401);
    expect((await admin.get('/v1/api/User/999999/Roles')).status).toBe(404);
  });
});

describe('PUT /User/{id}/Role', () => {
  it('gives and takes away a collection role, each change in the audit trail', async () => {
    const change = { scope: 'collection', collectionId, role: 'submissionManager' };
    // The manager roles go only to users of a management organisation (decision 0032): the NHSI user.
    const given = await admin.put<UserRoles>(`/v1/api/User/${ids.nhsi}/Role`, { ...change, granted: true });
    expect(given.status, given.text).toBe(200);
    expect(given.body.collectionRoles).toContainEqual(
      expect.objectContaining({ collectionId, role: 'submissionManager' }),
    );
    expect(given.body.audit[0]).toMatchObject({
      action: 'user.grantRole',
      before: [],
      after: ['submissionManager'],
    });
    expect(given.body.audit[0]!.by).toBe('Sam Superadmin');

    const taken = await admin.put<UserRoles>(`/v1/api/User/${ids.nhsi}/Role`, {
      ...change,
      granted: false,
    });
    expect(taken.body.collectionRoles.some((r) => r.collectionId === collectionId)).toBe(false);
    expect(taken.body.audit[0]).toMatchObject({
      action: 'user.removeRole',
      before: ['submissionManager'],
      after: [],
    });
  });

  it('giving a role held, or taking one not held, answers the roles as they are and audits nothing', async () => {
    const change = { scope: 'collection', collectionId, role: 'collectionManager' };
    const url = `/v1/api/User/${ids.nhsi}/Role`;
    const given = await admin.put<UserRoles>(url, { ...change, granted: true });
    expect(given.status, given.text).toBe(200);
    const again = await admin.put<UserRoles>(url, { ...change, granted: true });
    expect(again.status, again.text).toBe(200);
    expect(again.body.collectionRoles).toEqual(given.body.collectionRoles);
    expect(again.body.audit).toEqual(given.body.audit);

    const taken = await admin.put<UserRoles>(url, { ...change, granted: false });
    expect(taken.body.audit[0]).toMatchObject({ action: 'user.removeRole', before: ['collectionManager'] });
    const takenAgain = await admin.put<UserRoles>(url, { ...change, granted: false });
    expect(takenAgain.status, takenAgain.text).toBe(200);
    expect(takenAgain.body.collectionRoles).toEqual(taken.body.collectionRoles);
    expect(takenAgain.body.audit).toEqual(taken.body.audit);
  });

  it('refuses the Authoriser role to staff of another organisation, and anyone their own roles', async () => {
    const authoriser = {
      scope: 'organisation',
      collectionId,
      organisationId: rj1,
      role: 'Authoriser',
      granted: true,
    };
    const refused = await admin.put(`/v1/api/User/${ids.clerkB}/Role`, authoriser);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Only staff of');
    const own = await admin.put(`/v1/api/User/${ids.superAdmin}/Role`, {
      scope: 'system',
      role: 'managementOrganisationUser',
      granted: false,
    });
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ detail: roleMessages.ownRoles });
  });

  it('gives a clerk role at a recipient from elsewhere, marked, and refuses bad input', async () => {
    const clerk = {
      scope: 'organisation',
      collectionId,
      organisationId: rj1,
      role: 'DataEntryClerk',
      granted: true,
    };
    const given = await admin.put<UserRoles>(`/v1/api/User/${ids.clerkB}/Role`, clerk);
    expect(given.status, given.text).toBe(200);
    expect(given.body.organisationRoles).toContainEqual(
      expect.objectContaining({ organisationCode: 'RJ1', role: 'DataEntryClerk', isFromElsewhere: true }),
    );
    expect(
      (await admin.put(`/v1/api/User/${ids.clerkB}/Role`, { scope: 'collection', role: 'x' })).status,
    ).toBe(400);
    expect(
      (await admin.put(`/v1/api/User/${ids.clerkB}/Role`, { ...clerk, collectionId: 999999 })).status,
    ).toBe(404);
    expect(
      (
        await (
          await t.as('collectionAdmin')
        ).put(`/v1/api/User/${ids.clerkB}/Role`, { ...clerk, granted: false })
      ).status,
    ).toBe(200);
  });
});

describe('PUT /User/{id}/Active', () => {
  it('deactivating ends the user’s sessions and stops sign-in; reactivating lets them back', async () => {
    const clerk = await t.as('clerkB');
    expect((await clerk.get('/v1/api/View/Worklist/Counts')).status).toBe(200);
    const off = await admin.put<UserRoles>(`/v1/api/User/${ids.clerkB}/Active`, { active: false });
    expect(off.status, off.text).toBe(200);
    expect(off.body.user).toMatchObject({ isActive: false, idpStatus: 'Suspended' });
    expect(off.body.audit[0]).toMatchObject({
      action: 'user.deactivate',
      before: ['Active'],
      after: ['Suspended'],
    });
    expect((await clerk.get('/v1/api/View/Worklist/Counts')).status).toBe(401);
    const openSessions = await t.database.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', ids.clerkB!)
      .where('endedAt', 'is', null)
      .execute();
    expect(openSessions).toEqual([]);

    const on = await admin.put<UserRoles>(`/v1/api/User/${ids.clerkB}/Active`, { active: true });
    expect(on.body.user.isActive).toBe(true);
    expect((await (await t.as('clerkB')).get('/v1/api/View/Worklist/Counts')).status).toBe(200);
  });

  it('never one’s own account, and a super administrator’s only by another', async () => {
    expect((await admin.put(`/v1/api/User/${ids.superAdmin}/Active`, { active: false })).status).toBe(403);
    const collectionAdmin = await t.as('collectionAdmin');
    expect(
      (await collectionAdmin.put(`/v1/api/User/${ids.superAdmin}/Active`, { active: false })).status,
    ).toBe(403);
    expect(
      (await (await t.as('clerkA')).put(`/v1/api/User/${ids.clerkB}/Active`, { active: false })).status,
    ).toBe(403);
    expect((await admin.put(`/v1/api/User/${ids.clerkB}/Active`, {})).status).toBe(400);
  });
});
