import { messages, roleMessages } from '@dcf/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PersonaKey, useTestApp } from '../../../test/harness';
import { lock, lockNewPage, submit } from '../../../test/support/submission-fixtures';
import { demoUsers } from '../../db/seed/demo-users';

/**
 * Role integrity (product decisions, "Roles"): nobody changes their own roles on any route,
 * the Authoriser role goes only to the organisation's own staff, a clerk from elsewhere is marked, and
 * every role change is audited with who, whose and before/after. Each refusal is read back: nothing changed.
 */
let demoId: number;
let rj1: number;
let rgt: number;
let ids: Record<'superAdmin' | 'manager' | 'clerkA' | 'clerkB' | 'nhsi', number>;

const t = useTestApp();
beforeAll(async () => {
  demoId = await t.demoCollectionId();
  rj1 = await t.organisationId('RJ1');
  rgt = await t.organisationId('RGT');
  const users = await t.database.db.selectFrom('appUser').select(['id', 'email']).execute();
  const idOf = (key: PersonaKey) =>
    users.find((u) => u.email === demoUsers.find((d) => d.key === key)?.email)!.id;
  ids = {
    superAdmin: idOf('superAdmin'),
    manager: idOf('manager'),
    clerkA: idOf('clerkA'),
    clerkB: idOf('clerkB'),
    nhsi: idOf('nhsi'),
  };
}, 60_000);

const accessUrl = (organisationId: number) =>
  `/v1/api/Collection/${demoId}/Organisation/${organisationId}/SubmitterAccess`;

/** Every submitter, collection and system role a user holds, read straight from the database. */
async function rolesOf(userId: number) {
  const db = t.database.db;
  const [submitter, collection, user] = await Promise.all([
    db
      .selectFrom('collectionOrganisationRole')
      .select(['collectionId', 'organisationId', 'role'])
      .where('userId', '=', userId)
      .orderBy('collectionId')
      .orderBy('organisationId')
      .orderBy('role')
      .execute(),
    db
      .selectFrom('collectionRole')
      .select(['collectionId', 'role'])
      .where('userId', '=', userId)
      .orderBy('collectionId')
      .orderBy('role')
      .execute(),
    db
      .selectFrom('appUser')
      .select(['isNominatedCollectionAdministrator', 'isManagementOrganisationUser'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { submitter, collection, user };
}

describe('the exploit: a manager makes themselves a trust authoriser, then signs off', () => {
  it('refuses the manager giving themselves any submitter role (403), and nothing changes', async () => {
    const manager = await t.as('manager');
    const before = await rolesOf(ids.manager);
    for (const roles of [['Authoriser'], ['DataEntryClerk'], ['DataEntryClerk', 'Authoriser']]) {
      const res = await manager.put(accessUrl(rj1), { userId: ids.manager, roles });
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe(roleMessages.ownRoles);
    }
    expect(await rolesOf(ids.manager)).toEqual(before);
  });

  it('an authoriser row outside the user’s own organisation (legacy data) still cannot sign off', async () => {
    // As if the exploit had run before the fix: the manager (NHS England, X24) holds Authoriser at RJ1.
    await t.database.db
      .insertInto('collectionOrganisationRole')
      .values({ collectionId: demoId, organisationId: rj1, userId: ids.manager, role: 'Authoriser' })
      .execute();
    try {
      const { page, client: manager, view } = await lockNewPage(t, 'manager');
      expect(view.canSubmit).toBe(false);
      expect(view.readOnlyReason).toBe(messages.submissionAuthoriserRequired);
      const refused = await submit(manager, view.submissionId, { baseRevisionId: null });
      expect(refused.status).toBe(403);
      const row = await t.database.db
        .selectFrom('submission')
        .select(['status', 'officialRevisionId'])
        .where('id', '=', view.submissionId)
        .executeTakeFirstOrThrow();
      expect(row.status).not.toBe('completed');
      expect(row.officialRevisionId).toBeNull();
      // The trust's own authoriser signs off as before.
      await manager.delete(`${page.url}/Lock`);
      const authoriser = await t.as('authoriserA');
      const own = await lock(authoriser, page);
      expect(own.canSubmit).toBe(true);
      const signed = await submit(authoriser, own.submissionId, { baseRevisionId: own.currentRevisionId });
      expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    } finally {
      await t.database.db
        .deleteFrom('collectionOrganisationRole')
        .where('userId', '=', ids.manager)
        .execute();
    }
  });
});

describe('nobody changes their own roles, on any route', () => {
  it('refuses a manager giving or taking their own collection roles (403), read back unchanged', async () => {
    const manager = await t.as('manager');
    const before = await rolesOf(ids.manager);
    for (const body of [
      { userId: ids.manager, role: 'submissionManager', assigned: true },
      { userId: ids.manager, role: 'collectionManager', assigned: false },
    ]) {
      const res = await manager.put(`/v1/api/Collection/${demoId}/Role`, body);
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe(roleMessages.ownRoles);
    }
    expect(await rolesOf(ids.manager)).toEqual(before);
  });

  it('refuses an administrator changing their own roles too, and a super administrator nominating themselves', async () => {
    const admin = await t.as('superAdmin');
    const before = await rolesOf(ids.superAdmin);
    const nominate = await admin.post('/v1/api/Collection/Administrators', {
      userId: ids.superAdmin,
      isCollectionAdmin: true,
    });
    expect(nominate.status).toBe(403);
    const manage = await admin.put(`/v1/api/Collection/${demoId}/Role`, {
      userId: ids.superAdmin,
      role: 'collectionManager',
      assigned: true,
    });
    expect(manage.status).toBe(403);
    // A super administrator is from X24, so not RJ1's staff either way: the self rule answers first.
    const submit = await admin.put(accessUrl(rj1), { userId: ids.superAdmin, roles: ['DataEntryClerk'] });
    expect(submit.status).toBe(403);
    expect(await rolesOf(ids.superAdmin)).toEqual(before);
  });
});

describe('the Authoriser role is for the organisation’s own staff', () => {
  it('refuses Authoriser for a user of another organisation (400, in words), and changes nothing', async () => {
    const manager = await t.as('manager');
    const before = await rolesOf(ids.clerkB);
    const res = await manager.put(accessUrl(rj1), {
      userId: ids.clerkB,
      roles: ['DataEntryClerk', 'Authoriser'],
    });
    expect(res.status).toBe(400);
    const rj1Row = await t.database.db
      .selectFrom('organisation')
      .select('name')
      .where('id', '=', rj1)
      .executeTakeFirstOrThrow();
    expect(res.body.errors.roles).toEqual([roleMessages.authoriserOwnStaffOnly(rj1Row.name, 'RJ1')]);
    expect(await rolesOf(ids.clerkB)).toEqual(before);
  });

  it('gives Authoriser to the organisation’s own staff', async () => {
    const manager = await t.as('manager');
    const res = await manager.put(accessUrl(rj1), {
      userId: ids.clerkA,
      roles: ['DataEntryClerk', 'Authoriser'],
    });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { role: string }) => r.role).sort()).toEqual(['Authoriser', 'DataEntryClerk']);
    expect(res.body.every((r: { isFromElsewhere: boolean }) => !r.isFromElsewhere)).toBe(true);
    await manager.put(accessUrl(rj1), { userId: ids.clerkA, roles: ['DataEntryClerk'] });
  });

  it('lets a data entry clerk come from elsewhere, marked on the submitter access rows, own staff first', async () => {
    const manager = await t.as('manager');
    const res = await manager.put(accessUrl(rj1), { userId: ids.clerkB, roles: ['DataEntryClerk'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        userId: ids.clerkB,
        role: 'DataEntryClerk',
        userProviderCode: 'RGT',
        isFromElsewhere: true,
      }),
    ]);
    const list = (await manager.get(`/v1/api/View/Manager/Collection/${demoId}/SubmitterAccess`)).body as {
      organisationId: number;
      userId: number;
      isFromElsewhere: boolean;
    }[];
    const atRj1 = list.filter((row) => row.organisationId === rj1);
    expect(atRj1.map((row) => row.isFromElsewhere)).toEqual([false, false, true]);
    expect(atRj1.at(-1)?.userId).toBe(ids.clerkB);
    expect(list.filter((row) => row.organisationId === rgt).every((row) => !row.isFromElsewhere)).toBe(true);
    await manager.put(accessUrl(rj1), { userId: ids.clerkB, roles: [] });
  });
});

/** The audit entry of a role change: who changed whose roles, where, and the roles before and after. */
function roleChange(
  by: number,
  action: string,
  user: number,
  where: { collectionId: number | null; organisationId: number | null },
  before: string[],
  after: string[],
) {
  return {
    userId: by,
    action,
    entityType: 'user',
    entityId: String(user),
    ...where,
    before: { userId: user, roles: before },
    after: { userId: user, roles: after },
  };
}

describe('the audit of role changes', () => {
  it('records who, whose roles, where, before and after for every kind of role change', async () => {
    const admin = await t.as('superAdmin');
    const manager = await t.as('manager');
    expect(
      (await manager.put(accessUrl(rgt), { userId: ids.clerkA, roles: ['DataEntryClerk'] })).status,
    ).toBe(200);
    expect((await manager.put(accessUrl(rgt), { userId: ids.clerkA, roles: [] })).status).toBe(200);
    expect(
      (
        await manager.put(`/v1/api/Collection/${demoId}/Role`, {
          userId: ids.nhsi,
          role: 'submissionManager',
          assigned: true,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.post('/v1/api/Collection/Administrators', {
          userId: ids.manager,
          isCollectionAdmin: true,
        })
      ).status,
    ).toBe(200);
    const entries = await t.database.db
      .selectFrom('auditLog')
      .select([
        'userId',
        'action',
        'entityType',
        'entityId',
        'collectionId',
        'organisationId',
        'before',
        'after',
      ])
      .where('entityType', '=', 'user')
      .where('action', 'in', [
        'collectionOrganisationRole.set',
        'collectionRole.assign',
        'user.nominateAdministrator',
      ])
      .orderBy('id')
      .execute();
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    const atRgt = { collectionId: demoId, organisationId: rgt };
    const inDemo = { collectionId: demoId, organisationId: null };
    const unscoped = { collectionId: null, organisationId: null };
    expect(entries.slice(-4).map((e) => ({ ...e, before: parse(e.before), after: parse(e.after) }))).toEqual([
      roleChange(ids.manager, 'collectionOrganisationRole.set', ids.clerkA, atRgt, [], ['DataEntryClerk']),
      roleChange(ids.manager, 'collectionOrganisationRole.set', ids.clerkA, atRgt, ['DataEntryClerk'], []),
      roleChange(ids.manager, 'collectionRole.assign', ids.nhsi, inDemo, [], ['submissionManager']),
      roleChange(
        ids.superAdmin,
        'user.nominateAdministrator',
        ids.manager,
        unscoped,
        [],
        ['collectionAdmin', 'managementOrganisationUser'],
      ),
    ]);
    await admin.post('/v1/api/Collection/Administrators', { userId: ids.manager, isCollectionAdmin: false });
    await manager.put(`/v1/api/Collection/${demoId}/Role`, {
      userId: ids.nhsi,
      role: 'submissionManager',
      assigned: false,
    });
  });

  it('a manager who creates a collection becomes its manager, and that is audited as a role change', async () => {
    const manager = await t.as('manager');
    const created = await manager.post('/v1/api/Collection', {
      name: 'Role audit check',
      trustAuthorisation: 'mandatory',
      nhsiAuthorisation: 'notRequired',
      period: 'financialYear',
      fileType: 'form',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const entry = await t.database.db
      .selectFrom('auditLog')
      .select(['userId', 'entityId', 'after'])
      .where('action', '=', 'collectionRole.assign')
      .where('collectionId', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(entry.userId).toBe(ids.manager);
    expect(entry.entityId).toBe(String(ids.manager));
  });
});
