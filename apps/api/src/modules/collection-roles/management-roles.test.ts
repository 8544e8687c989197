import { roleMessages } from '@dcf/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

// Product decisions (second round, "Roles"): the collectionManager and submissionManager roles go only to
// users of a management organisation; nobody but a super administrator changes a super administrator's
// roles or flags. Decision 0032. Every route that gives roles is tried.

let demoId: number;
let rj1: number;
const id: Record<string, number> = {};

const t = useTestApp();
beforeAll(async () => {
  demoId = await t.demoCollectionId();
  rj1 = await t.organisationId('RJ1');
  for (const key of ['superAdmin', 'clerkB', 'nhsi', 'collectionAdmin'] as const)
    id[key] = await t.userId(key);
  // A second super administrator, so one may change the other's roles.
  id.secondSuper = (
    await t.database.db
      .insertInto('appUser')
      .values({
        email: 'second.super@dcf.example',
        name: 'Sid Second',
        providerCode: 'X24',
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await t.database.db
    .insertInto('userSystemRole')
    .values({ userId: id.secondSuper, role: 'superAdmin' })
    .execute();
});

const roleUrl = `/v1/api/Collection/__/Role`;
const collectionRole = (userId: number, role: string, assigned = true) => ({ userId, role, assigned });

describe('the manager roles go only to users of a management organisation', () => {
  it('a collection manager cannot make a trust clerk a manager or submission manager (400, in words)', async () => {
    const manager = await t.as('manager');
    for (const role of ['collectionManager', 'submissionManager']) {
      const res = await manager.put(roleUrl.replace('__', String(demoId)), collectionRole(id.clerkB!, role));
      expect(res.status, role).toBe(400);
      expect(res.body.errors.role).toEqual([
        'Only users of a management organisation can be collection or submission managers; Bea Clerk is not',
      ]);
    }
    const held = await t.database.db
      .selectFrom('collectionRole')
      .select('role')
      .where('userId', '=', id.clerkB!)
      .execute();
    expect(held).toEqual([]);
  });

  it('nor can an administrator, on the users-and-roles screen; a management-organisation user can be one', async () => {
    const admin = await t.as('superAdmin');
    const change = { scope: 'collection', collectionId: demoId, role: 'submissionManager', granted: true };
    const refused = await admin.put(`/v1/api/User/${id.clerkB}/Role`, change);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.role[0]).toMatch(/^Only users of a management organisation can be/);
    const given = await admin.put(`/v1/api/User/${id.nhsi}/Role`, change);
    expect(given.status).toBe(200);
    // A collection manager gives it on his own collection to a user of X24 (NHS England).
    const byManager = await (await t.as('manager')).put(
      roleUrl.replace('__', String(demoId)),
      collectionRole(id.collectionAdmin!, 'submissionManager'),
    );
    expect(byManager.status).toBe(200);
  });
});

describe("nobody but a super administrator changes a super administrator's roles or flags", () => {
  it('a collection manager can neither give nor take a super administrator’s collection or submitter roles', async () => {
    const manager = await t.as('manager');
    const give = await manager.put(
      roleUrl.replace('__', String(demoId)),
      collectionRole(id.superAdmin!, 'submissionManager'),
    );
    expect(give.status).toBe(403);
    expect(give.body.detail).toBe(roleMessages.superAdministratorRoles);
    const access = await manager.put(`/v1/api/Collection/${demoId}/Organisation/${rj1}/SubmitterAccess`, {
      userId: id.superAdmin,
      roles: ['DataEntryClerk'],
    });
    expect(access.status).toBe(403);
  });

  it('a collection administrator cannot change a super administrator’s roles or account; another super administrator can', async () => {
    const admin = await t.as('collectionAdmin');
    const change = { scope: 'collection', collectionId: demoId, role: 'submissionManager', granted: true };
    expect((await admin.put(`/v1/api/User/${id.superAdmin}/Role`, change)).status).toBe(403);
    expect((await admin.put(`/v1/api/User/${id.superAdmin}/Active`, { active: false })).status).toBe(403);
    const bySuper = await (await t.asUser(id.secondSuper!)).put(`/v1/api/User/${id.superAdmin}/Role`, change);
    expect(bySuper.status).toBe(200);
    expect(bySuper.body.collectionRoles).toContainEqual(
      expect.objectContaining({ role: 'submissionManager' }),
    );
  });
});
