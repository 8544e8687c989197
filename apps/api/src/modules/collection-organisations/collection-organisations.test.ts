import { recipientMessages } from '@dcf/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { auditEntries } from '../../../test/support/audit';
import { insertEmptyDraft, openNonRecipients } from '../../../test/support/returns-fixture';

let demoId: number;
let rj1: number;
let rgt: number;
/** Open trusts from the seed that are not recipients of the demo collection. */
let spare: number[];
const t = useTestApp();
beforeAll(async () => {
  demoId = await t.demoCollectionId();
  rj1 = await t.organisationId('RJ1');
  rgt = await t.organisationId('RGT');
  spare = (await openNonRecipients(t.database.db, 5)).map((o) => o.id);
}, 60_000);

const list = (id: number, query = '') => `/v1/api/Collection/${id}/Organisation${query}`;
const bulk = (id: number) => `/v1/api/Collection/${id}/Organisation/Bulk`;
const roleUrl = (id: number) => `/v1/api/Collection/${id}/Organisation/Role`;

/** A new draft collection created by the demo manager (who becomes its manager). */
async function newCollection(
  trustAuthorisation: 'mandatory' | 'optional' | 'notRequired',
  nhsiAuthorisation: 'mandatory' | 'optional' | 'notRequired',
): Promise<number> {
  const res = await (await t.as('manager')).post('/v1/api/Collection', {
    name: `Recipients ${trustAuthorisation} ${nhsiAuthorisation} ${Math.random()}`,
    period: 'financialYear',
    trustAuthorisation,
    nhsiAuthorisation,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('GET /Collection/{id}/Organisation', () => {
  it('lists the recipients with organisation, region, type and flags for the manager', async () => {
    const res = await (await t.as('manager')).get(list(demoId));
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    const rj1Row = res.body.items.find((r: any) => r.organisationId === rj1);
    expect(rj1Row).toMatchObject({
      collectionId: demoId,
      organisation: { id: rj1, code: 'RJ1', isOpen: true },
      isTrustAuthorisationRequired: true,
      isNhsiAuthorisationRequired: false,
    });
    expect(rj1Row.organisation.name).toMatch(/guy/i);
    expect(rj1Row.organisation.organisationType).toHaveProperty('shortDescription');
  });

  it('searches by name or code, case-insensitively, and pages', async () => {
    const manager = await t.as('manager');
    const byCode = await manager.get(list(demoId, '?query=rgt'));
    expect(byCode.body.items.map((r: any) => r.organisation.code)).toEqual(['RGT']);
    const byName = await manager.get(list(demoId, '?query=GUY'));
    expect(byName.body.items.map((r: any) => r.organisation.code)).toEqual(['RJ1']);
    const page = await manager.get(list(demoId, '?pageSize=1&page=2'));
    expect(page.body.items).toHaveLength(1);
    expect(page.body.total).toBe(2);
  });

  it('shows a submitter only the organisations they hold roles for', async () => {
    const a = await (await t.as('clerkA')).get(list(demoId));
    expect(a.status).toBe(200);
    expect(a.body.items.map((r: any) => r.organisationId)).toEqual([rj1]);
    expect(a.body.total).toBe(1);
    const b = await (await t.as('authoriserB')).get(list(demoId));
    expect(b.body.items.map((r: any) => r.organisationId)).toEqual([rgt]);
  });

  it('answers 400 for a page size over 100, 401 signed out, 404 for unknown or unseen collections', async () => {
    const manager = await t.as('manager');
    expect((await manager.get(list(demoId, '?pageSize=101'))).status).toBe(400);
    expect((await t.anonymous().get(list(demoId))).status).toBe(401);
    expect((await manager.get(list(999_999))).status).toBe(404);
    const draft = await newCollection('optional', 'optional');
    expect((await (await t.as('clerkA')).get(list(draft))).status).toBe(404);
  });
});

describe('PUT /Collection/{id}/Organisation/Bulk', () => {
  it('adds and removes recipients, forcing the flags from the collection settings, and audits', async () => {
    const id = await newCollection('mandatory', 'notRequired');
    const manager = await t.as('manager');
    const added = await manager.put(bulk(id), { add: spare.slice(0, 3), remove: [] });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ added: 3, removed: 0, total: 3 });
    const rows = (await manager.get(list(id))).body.items;
    expect(rows).toHaveLength(3);
    for (const row of rows)
      expect(row).toMatchObject({ isTrustAuthorisationRequired: true, isNhsiAuthorisationRequired: false });

    const again = await manager.put(bulk(id), { add: [spare[0], spare[3]], remove: [spare[1]] });
    expect(again.body).toEqual({ added: 1, removed: 1, total: 3 });
    const codes = (await manager.get(list(id))).body.items.map((r: any) => r.organisationId).sort();
    expect(codes).toEqual([spare[0], spare[2], spare[3]].sort());

    expect(await auditEntries(t, 'collectionOrganisation.bulk', { collectionId: id })).toHaveLength(2);
  });

  it('gives new rows false flags where the collection leaves them optional or not required', async () => {
    const id = await newCollection('optional', 'mandatory');
    const manager = await t.as('manager');
    await manager.put(bulk(id), { add: [spare[0]] });
    const [row] = (await manager.get(list(id))).body.items;
    expect(row).toMatchObject({ isTrustAuthorisationRequired: false, isNhsiAuthorisationRequired: true });
  });

  it('applies 2,500 ids in batches within one call', async () => {
    const db = t.database.db;
    const values = Array.from({ length: 2_500 }, (_, i) => ({
      code: `ZB${String(i).padStart(5, '0')}`,
      name: `Bulk test practice ${i}`,
    }));
    const ids = (await db.insertInto('organisation').values(values).returning('id').execute()).map(
      (r) => r.id,
    );
    const id = await newCollection('notRequired', 'notRequired');
    const manager = await t.as('manager');
    const res = await manager.put(bulk(id), { add: ids });
    expect(res.body).toEqual({ added: 2_500, removed: 0, total: 2_500 });
    const removed = await manager.put(bulk(id), { remove: ids.slice(0, 1_200) });
    expect(removed.body).toEqual({ added: 0, removed: 1_200, total: 1_300 });
    expect((await manager.get(list(id, '?query=Bulk%20test'))).body.total).toBe(1_300);
  });

  it('refuses closed organisations with 400 listing them, and changes nothing', async () => {
    const db = t.database.db;
    const closed = await db
      .insertInto('organisation')
      .values({ code: 'ZCL01', name: 'Closed test trust', closureDate: '2020-03-31' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await newCollection('optional', 'optional');
    const manager = await t.as('manager');
    const res = await manager.put(bulk(id), { add: [spare[0], closed.id] });
    expect(res.status).toBe(400);
    expect(res.body.errors.add).toEqual([recipientMessages.closedOrganisations]);
    expect(res.body.additionalDetails).toEqual(['Closed test trust (ZCL01)']);
    expect((await manager.get(list(id))).body.total).toBe(0);
  });

  it('answers 400 for unknown ids, malformed ids, too many ids and an id both added and removed', async () => {
    const id = await newCollection('optional', 'optional');
    const manager = await t.as('manager');
    const unknown = await manager.put(bulk(id), { add: [987_654_321] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.add).toEqual([recipientMessages.unknownOrganisations]);
    expect((await manager.put(bulk(id), { add: ['RJ1'] })).status).toBe(400);
    const tooMany = await manager.put(bulk(id), {
      add: Array.from({ length: 20_001 }, (_, i) => i + 1),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.add).toEqual([recipientMessages.tooManyIds]);
    const both = await manager.put(bulk(id), { add: [spare[0]], remove: [spare[0]] });
    expect(both.status).toBe(400);
    expect(both.body.errors.add).toEqual([recipientMessages.addAndRemove]);
  });

  it('refuses (409) removing an organisation with submissions in this collection', async () => {
    const admin = await t.as('superAdmin');
    await insertEmptyDraft(t.database.db, demoId, rgt);
    const res = await admin.put(bulk(demoId), { remove: [rgt] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('has_submissions');
    expect(res.body.additionalDetails[0]).toMatch(/\(RGT\)$/);
    expect((await admin.get(list(demoId))).body.total).toBe(2);
  });

  it('answers 401 signed out, 403 to submitters and submission managers, 404 for unknown or unseen collections', async () => {
    expect((await t.anonymous().put(bulk(demoId), { add: [spare[0]] })).status).toBe(401);
    for (const persona of ['clerkA', 'authoriserB', 'submissionManager'] as const)
      expect((await (await t.as(persona)).put(bulk(demoId), { add: [spare[0]] })).status, persona).toBe(403);
    const manager = await t.as('manager');
    expect((await manager.put(bulk(999_999), { add: [spare[0]] })).status).toBe(404);
    const adminOwned = await (await t.as('collectionAdmin')).post('/v1/api/Collection', {
      name: 'Admin-only collection',
      period: 'financialYear',
      trustAuthorisation: 'optional',
      nhsiAuthorisation: 'optional',
    });
    expect((await manager.put(bulk(adminOwned.body.id), { add: [spare[0]] })).status).toBe(404);
    expect((await manager.get(list(demoId))).body.total).toBe(2);
  });
});

describe('PUT /Collection/{id}/Organisation/Role', () => {
  it('sets optional flags per organisation and audits the change', async () => {
    const id = await newCollection('optional', 'mandatory');
    const manager = await t.as('manager');
    await manager.put(bulk(id), { add: spare.slice(0, 2) });
    const res = await manager.put(roleUrl(id), [
      { organisationId: spare[0], isTrustAuthorisationRequired: true, isNhsiAuthorisationRequired: true },
      { organisationId: spare[1], isTrustAuthorisationRequired: false, isNhsiAuthorisationRequired: true },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 1 });
    const rows = (await manager.get(list(id))).body.items;
    const flags = Object.fromEntries(
      rows.map((r: any) => [r.organisationId, r.isTrustAuthorisationRequired]),
    );
    expect(flags).toEqual({ [spare[0]!]: true, [spare[1]!]: false });
    expect(await auditEntries(t, 'collectionOrganisation.authorisation', { collectionId: id })).toHaveLength(
      1,
    );
  });

  it('refuses (400) changing a flag the collection forces, with a clear message', async () => {
    const manager = await t.as('manager');
    const res = await manager.put(roleUrl(demoId), [
      { organisationId: rj1, isTrustAuthorisationRequired: false, isNhsiAuthorisationRequired: true },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      isTrustAuthorisationRequired: [recipientMessages.trustForced('mandatory')],
      isNhsiAuthorisationRequired: [recipientMessages.nhsiForced('notRequired')],
    });
    // Sending the forced values is fine (nothing changes).
    const same = await manager.put(roleUrl(demoId), [
      { organisationId: rj1, isTrustAuthorisationRequired: true, isNhsiAuthorisationRequired: false },
    ]);
    expect(same.body).toEqual({ updated: 0 });
  });

  it('answers 400 for a malformed body, 404 for an organisation that is not a recipient, 401 and 403', async () => {
    const manager = await t.as('manager');
    const missing = await manager.put(roleUrl(demoId), [{ organisationId: rj1 }]);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toBeDefined();
    const notRecipient = await manager.put(roleUrl(demoId), [
      { organisationId: spare[4], isTrustAuthorisationRequired: true, isNhsiAuthorisationRequired: false },
    ]);
    expect(notRecipient.status).toBe(404);
    const body = [
      { organisationId: rj1, isTrustAuthorisationRequired: true, isNhsiAuthorisationRequired: false },
    ];
    expect((await t.anonymous().put(roleUrl(demoId), body)).status).toBe(401);
    expect((await (await t.as('authoriserA')).put(roleUrl(demoId), body)).status).toBe(403);
    expect((await (await t.as('submissionManager')).put(roleUrl(demoId), body)).status).toBe(403);
    expect((await manager.put(roleUrl(999_999), body)).status).toBe(404);
  });
});

describe('GET /Collection/Organisation', () => {
  it("lists a submitter's published collection organisations with their roles", async () => {
    const res = await (await t.as('clerkA')).get('/v1/api/Collection/Organisation');
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({
        collectionId: demoId,
        collectionName: 'Monthly workforce return',
        organisationId: rj1,
        organisationCode: 'RJ1',
        roles: ['DataEntryClerk'],
      }),
    ]);
    const b = await (await t.as('authoriserB')).get('/v1/api/Collection/Organisation?query=rgt');
    expect(b.body.items.map((r: any) => [r.organisationCode, r.roles])).toEqual([['RGT', ['Authoriser']]]);
    const none = await (await t.as('clerkA')).get('/v1/api/Collection/Organisation?query=zzz');
    expect(none.body).toEqual({ items: [], total: 0 });
  });

  it('is empty for a user with no submitter roles and needs sign-in', async () => {
    expect((await (await t.as('manager')).get('/v1/api/Collection/Organisation')).body.total).toBe(0);
    expect((await t.anonymous().get('/v1/api/Collection/Organisation')).status).toBe(401);
  });
});
