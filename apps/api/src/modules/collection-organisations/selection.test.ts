import { recipientMessages } from '@dcf/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { auditEntries } from '../../../test/support/audit';
import { insertEmptyDraft } from '../../../test/support/returns-fixture';

/**
 * Recipients by criteria and by a list of ODS codes (decision 0021), through HTTP. The test's own
 * region, ICB and type hold 12 organisations: 9 open (6 in the ICB), one past its closure date, one
 * closed and one dormant in the register, so every count is known exactly.
 */
let demoId: number;
let regionId: number;
let stpId: number;
let typeId: number;
const openCodes = Array.from({ length: 9 }, (_, i) => `ZQ00${i + 1}`);

const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  demoId = await t.demoCollectionId();
  regionId = (
    await db
      .insertInto('region')
      .values({ code: 'ZR1', name: 'Test region' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  stpId = (
    await db
      .insertInto('stp')
      .values({ code: 'ZS1', name: 'Test ICB', regionId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  typeId = (
    await db
      .insertInto('organisationType')
      .values({ code: 'ZT', shortDescription: 'Test type', longDescription: 'Test organisation type' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('organisation')
    .values([
      ...openCodes.map((code, i) => ({
        code,
        name: `Selection test ${code}`,
        regionId,
        organisationTypeId: typeId,
        stpId: i < 6 ? stpId : null,
      })),
      {
        code: 'ZQ010',
        name: 'Selection test past closure',
        regionId,
        organisationTypeId: typeId,
        closureDate: '2020-01-01',
      },
      {
        code: 'ZQ011',
        name: 'Selection test closed',
        regionId,
        organisationTypeId: typeId,
        odsStatus: 'closed' as const,
      },
      {
        code: 'ZQ012',
        name: 'Selection test dormant',
        regionId,
        organisationTypeId: typeId,
        odsStatus: 'dormant' as const,
      },
    ])
    .execute();
}, 60_000);

const preview = (id: number) => `/v1/api/Collection/${id}/Organisation/Selection/Preview`;
const selection = (id: number) => `/v1/api/Collection/${id}/Organisation/Selection`;
const list = (id: number, query = '') => `/v1/api/Collection/${id}/Organisation${query}`;

async function newCollection(trust = 'optional', nhsi = 'optional'): Promise<number> {
  const res = await (await t.as('manager')).post('/v1/api/Collection', {
    name: `Selection ${Math.random()}`,
    period: 'financialYear',
    trustAuthorisation: trust,
    nhsiAuthorisation: nhsi,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function recipientCodes(id: number): Promise<string[]> {
  const res = await (await t.as('manager')).get(list(id, '?pageSize=100&sortBy=code'));
  return res.body.items.map((r: any) => r.organisation.code);
}

describe('adding by criteria', () => {
  it('shows the count first, then adds every open match in one call with the forced flags', async () => {
    const id = await newCollection('mandatory', 'notRequired');
    const manager = await t.as('manager');
    const body = { action: 'add', criteria: { regionId } };
    const before = await manager.post(preview(id), body);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ matching: 12, closed: 3, alreadyDone: 0, changes: 9, total: 0 });
    expect(await recipientCodes(id)).toEqual([]);

    const done = await manager.put(selection(id), body);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ changes: 9, closed: 3, total: 9 });
    expect(await recipientCodes(id)).toEqual(openCodes);
    const rows = (await manager.get(list(id, '?pageSize=100'))).body.items;
    for (const row of rows)
      expect(row).toMatchObject({ isTrustAuthorisationRequired: true, isNhsiAuthorisationRequired: false });

    const again = await manager.post(preview(id), body);
    expect(again.body).toMatchObject({ matching: 12, alreadyDone: 9, changes: 0 });
  });

  it('narrows by ICB, type and name, and never adds a closed organisation even when asked', async () => {
    const id = await newCollection();
    const manager = await t.as('manager');
    const byIcb = await manager.put(selection(id), {
      action: 'add',
      criteria: { stpId, organisationTypeId: typeId },
    });
    expect(byIcb.body).toMatchObject({ matching: 6, changes: 6, total: 6 });
    const closedOnly = await manager.put(selection(id), {
      action: 'add',
      criteria: { regionId, status: 'closed' },
    });
    expect(closedOnly.body).toMatchObject({ matching: 3, closed: 3, changes: 0, total: 6 });
    const byName = await manager.put(selection(id), { action: 'add', criteria: { query: 'zq009' } });
    expect(byName.body).toMatchObject({ matching: 1, changes: 1, total: 7 });
    expect(await recipientCodes(id)).toEqual([...openCodes.slice(0, 6), 'ZQ009']);
  });

  it('refuses empty criteria, criteria with codes, a clerk (403) and an archived collection (409); audits a change', async () => {
    const id = await newCollection();
    const manager = await t.as('manager');
    const empty = await manager.post(preview(id), { action: 'add', criteria: {} });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.errors)).toContain(recipientMessages.noCriteria);
    const both = await manager.put(selection(id), {
      action: 'add',
      criteria: { regionId },
      codes: ['ZQ001'],
    });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body.errors)).toContain(recipientMessages.criteriaOrCodes);
    expect((await manager.post(preview(999_999), { action: 'add', codes: ['ZQ001'] })).status).toBe(404);
    expect(
      (await (await t.as('clerkA')).put(selection(demoId), { action: 'add', codes: ['ZQ001'] })).status,
    ).toBe(403);
    expect(await recipientCodes(id)).toEqual([]);

    await manager.put(selection(id), { action: 'add', codes: ['ZQ001'] });
    expect(await auditEntries(t, 'collectionOrganisation.addSelection', { collectionId: id })).toHaveLength(
      1,
    );

    await t.database.db.updateTable('collection').set({ status: 'archived' }).where('id', '=', id).execute();
    expect((await manager.put(selection(id), { action: 'add', codes: ['ZQ002'] })).status).toBe(409);
  });
});

describe('adding a list of ODS codes', () => {
  it('reports unknown and closed codes before adding, and adds only the open ones', async () => {
    const id = await newCollection();
    const manager = await t.as('manager');
    await manager.put(selection(id), { action: 'add', codes: ['ZQ001'] });
    const body = {
      action: 'add',
      codes: ['zq001', 'ZQ002', ' ZQ003 ', 'ZQ010', 'ZQ011', 'NOSUCH1', 'ZQ002'],
    };
    const report = await manager.post(preview(id), body);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({
      matching: 5,
      changes: 2,
      alreadyDone: 1,
      unknownCodes: ['NOSUCH1'],
      closedCodes: ['ZQ010', 'ZQ011'],
      total: 1,
    });
    const done = await manager.put(selection(id), body);
    expect(done.body).toMatchObject({ changes: 2, total: 3, unknownCodes: ['NOSUCH1'] });
    expect(await recipientCodes(id)).toEqual(['ZQ001', 'ZQ002', 'ZQ003']);
  });
});

describe('removing', () => {
  it('removes by criteria and by codes, keeping recipients with submissions and saying which', async () => {
    const manager = await t.as('manager');
    const db = t.database.db;
    await manager.put(selection(demoId), { action: 'add', criteria: { regionId } });
    const zq001 = await t.organisationId('ZQ001');
    await insertEmptyDraft(db, demoId, zq001);

    const byCodes = { action: 'remove', codes: ['ZQ001', 'ZQ002', 'ZQ010', 'NOSUCH1'] };
    const report = await manager.post(preview(demoId), byCodes);
    expect(report.body).toMatchObject({
      matching: 2,
      changes: 1,
      withSubmissions: 1,
      withSubmissionsCodes: ['ZQ001'],
      notRecipientCodes: ['ZQ010'],
      unknownCodes: ['NOSUCH1'],
    });
    const removed = await manager.put(selection(demoId), byCodes);
    expect(removed.body).toMatchObject({ changes: 1 });

    const byIcb = { action: 'remove', criteria: { stpId } };
    expect((await manager.post(preview(demoId), byIcb)).body).toMatchObject({
      matching: 5,
      withSubmissions: 1,
      changes: 4,
    });
    await manager.put(selection(demoId), byIcb);
    const left = (await manager.get(list(demoId, `?regionId=${regionId}&sortBy=code`))).body;
    expect(left.items.map((r: any) => r.organisation.code)).toEqual(['ZQ001', 'ZQ007', 'ZQ008', 'ZQ009']);
    // The demo's own recipients were outside the criteria and stay.
    expect((await manager.get(list(demoId, '?query=RJ1'))).body.total).toBe(1);
  });
});

describe('GET /Collection/{id}/Organisation filters and sort', () => {
  it('filters by region, ICB and status and sorts by code descending', async () => {
    const id = await newCollection();
    const manager = await t.as('manager');
    await manager.put(selection(id), { action: 'add', criteria: { regionId } });
    const desc = await manager.get(list(id, `?regionId=${regionId}&sortBy=code&sortOrder=DESC&pageSize=3`));
    expect(desc.body.total).toBe(9);
    expect(desc.body.items.map((r: any) => r.organisation.code)).toEqual(['ZQ009', 'ZQ008', 'ZQ007']);
    const icb = await manager.get(list(id, `?stpId=${stpId}`));
    expect(icb.body.total).toBe(6);
    expect((await manager.get(list(id, '?status=closed'))).body.total).toBe(0);
    expect((await manager.get(list(id, '?sortBy=colour'))).status).toBe(400);
  });
});
