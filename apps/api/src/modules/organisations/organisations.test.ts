import { londonToday, messages } from '@dcf/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { auditEntries } from '../../../test/support/audit';

let trustTypeId: number;
let londonId: number;
const t = useTestApp();
beforeAll(async () => {
  trustTypeId = (
    await t.database.db
      .selectFrom('organisationType')
      .select('id')
      .where('code', '=', 'RO197')
      .executeTakeFirstOrThrow()
  ).id;
  londonId = (
    await t.database.db.selectFrom('region').select('id').where('code', '=', 'Y56').executeTakeFirstOrThrow()
  ).id;
});

const yesterday = () => {
  const d = new Date(`${londonToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
const tomorrow = () => {
  const d = new Date(`${londonToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

describe('GET /Organisation', () => {
  it('finds a trust by part of its name, case-insensitively, with its region and type', async () => {
    const res = await (await t.as('clerkA')).get('/v1/api/Organisation?query=guy%27s');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({
      code: 'RJ1',
      name: "GUY'S AND ST THOMAS' NHS FOUNDATION TRUST",
      isOpen: true,
      organisationType: { shortDescription: 'NHS Trust', longDescription: 'NHS Trust' },
    });
    expect(res.body.items[0].region).toMatchObject({ code: expect.any(String), name: expect.any(String) });
  });

  it('finds by code prefix and by code anywhere', async () => {
    const client = await t.as('manager');
    const prefix = await client.get('/v1/api/Organisation?query=rj&pageSize=100');
    expect(prefix.body.items.map((o: { code: string }) => o.code)).toContain('RJ1');
    const exact = await client.get('/v1/api/Organisation?query=RGT');
    expect(exact.body.items.map((o: { code: string }) => o.code)).toContain('RGT');
  });

  it('treats % and _ literally', async () => {
    const res = await (await t.as('manager')).get('/v1/api/Organisation?query=%25');
    expect(res.body.total).toBe(0);
  });

  it('pages and sorts in SQL, reporting the total', async () => {
    const client = await t.as('manager');
    const all = await client.get('/v1/api/Organisation?pageSize=100&sortBy=code&sortOrder=DESC');
    expect(all.body.total).toBeGreaterThan(200);
    const codes = all.body.items.map((o: { code: string }) => o.code);
    expect(codes).toEqual([...codes].sort().reverse());
    const page2 = await client.get('/v1/api/Organisation?pageSize=100&page=2&sortBy=code&sortOrder=DESC');
    expect(page2.body.total).toBe(all.body.total);
    expect(page2.body.items[0].code < codes.at(-1)).toBe(true);
  });

  it('reports the same total on a full page, the last page and past the end, and a new total after a change', async () => {
    const client = await t.as('manager');
    const total = (await client.get('/v1/api/Organisation?query=trust&pageSize=100')).body.total as number;
    const counted = await t.database.db
      .selectFrom('organisation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['name']), 'like', '%trust%'),
          eb(eb.fn('lower', ['code']), 'like', '%trust%'),
        ]),
      )
      .executeTakeFirstOrThrow();
    expect(total).toBe(Number(counted.n));
    const pageSize = 7;
    const lastPage = Math.ceil(total / pageSize);
    for (const page of [1, lastPage, lastPage + 1]) {
      const res = await client.get(`/v1/api/Organisation?query=trust&pageSize=${pageSize}&page=${page}`);
      expect(res.body.total).toBe(total);
    }
    const admin = await t.as('superAdmin');
    const created = await admin.post('/v1/api/Organisation', {
      name: 'Counted Again NHS Trust',
      code: 'ZC9',
    });
    expect(created.status).toBe(201);
    const after = await client.get(`/v1/api/Organisation?query=trust&pageSize=${pageSize}`);
    expect(after.body.total).toBe(total + 1);
  });

  it('filters by open or closed, type and region', async () => {
    const client = await t.as('manager');
    const closed = await client.get('/v1/api/Organisation?isOpen=false&pageSize=100');
    const open = await client.get('/v1/api/Organisation?isOpen=true&pageSize=1');
    const all = await client.get('/v1/api/Organisation?pageSize=1');
    expect(closed.body.total).toBeGreaterThan(0);
    expect(closed.body.items.every((o: { isOpen: boolean }) => !o.isOpen)).toBe(true);
    expect(closed.body.total + open.body.total).toBe(all.body.total);
    const byRegion = await client.get(`/v1/api/Organisation?regionId=${londonId}&pageSize=100`);
    expect(byRegion.body.total).toBeGreaterThan(0);
    expect(byRegion.body.items.every((o: { regionId: number }) => o.regionId === londonId)).toBe(true);
    const byType = await client.get(`/v1/api/Organisation?organisationTypeId=${trustTypeId}&pageSize=1`);
    expect(byType.body.total).toBeGreaterThan(200);
  });

  it('refuses a page size above 100 (400)', async () => {
    const res = await (await t.as('manager')).get('/v1/api/Organisation?pageSize=101');
    expect(res.status).toBe(400);
    expect(res.body.errors.pageSize).toHaveLength(1);
  });

  it('needs a signed-in user (401)', async () => {
    expect((await t.anonymous().get('/v1/api/Organisation')).status).toBe(401);
  });
});

describe('GET /Organisation/{id}', () => {
  it('returns one organisation', async () => {
    const client = await t.as('clerkB');
    const found = await client.get('/v1/api/Organisation?query=RGT');
    const res = await client.get(`/v1/api/Organisation/${found.body.items[0].id}`);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('RGT');
  });

  it('answers 404 for an unknown or malformed id, 401 without sign-in', async () => {
    const client = await t.as('clerkB');
    expect((await client.get('/v1/api/Organisation/999999')).status).toBe(404);
    expect((await client.get('/v1/api/Organisation/abc')).status).toBe(404);
    expect((await t.anonymous().get('/v1/api/Organisation/1')).status).toBe(401);
  });
});

describe('POST /Organisation', () => {
  it('lets an administrator create an organisation, and audits it', async () => {
    const admin = await t.as('collectionAdmin');
    const res = await admin.post('/v1/api/Organisation', {
      name: 'Test Community Trust',
      code: 'zz1',
      isManagementOrg: false,
      regionId: londonId,
      organisationTypeId: trustTypeId,
      closureDate: '',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      code: 'ZZ1',
      name: 'Test Community Trust',
      isOpen: true,
      closureDate: null,
      region: { id: londonId, name: 'London' },
    });
    expect(await auditEntries(t, 'organisation.create', { entityId: res.body.id })).toHaveLength(1);
    const found = await admin.get('/v1/api/Organisation?query=zz1');
    expect(found.body.items[0].id).toBe(res.body.id);
  });

  it("answers 400 with the specification's messages", async () => {
    const admin = await t.as('superAdmin');
    const short = await admin.post('/v1/api/Organisation', {
      name: 'ab',
      code: 'x',
      closureDate: tomorrow(),
    });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({
      name: [messages.organisationNameTooShort],
      code: [messages.organisationCodeTooShort],
      closureDate: [messages.closureDateInFuture],
    });
    const long = await admin.post('/v1/api/Organisation', {
      name: 'x'.repeat(251),
      code: 'ZZ9',
      closureDate: '2024-02-30',
    });
    expect(long.body.errors).toEqual({
      name: [messages.organisationNameTooLong],
      closureDate: [messages.invalidDate],
    });
    const missing = await admin.post('/v1/api/Organisation', {});
    expect(missing.body.errors.name).toEqual([messages.required]);
    const badRegion = await admin.post('/v1/api/Organisation', {
      name: 'Valid name',
      code: 'ZZ8',
      regionId: 99999,
    });
    expect(badRegion.status).toBe(400);
    expect(badRegion.body.errors.regionId).toEqual([messages.selectAnOption]);
    expect(
      await t.database.db
        .selectFrom('organisation')
        .select('id')
        .where('code', 'in', ['ZZ9', 'ZZ8'])
        .execute(),
    ).toHaveLength(0);
  });

  it('answers 409 for a code that exists already (any case)', async () => {
    const res = await (await t.as('superAdmin')).post('/v1/api/Organisation', {
      name: 'Another',
      code: 'rj1',
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('already_exists');
  });

  it('refuses a non-administrator (403) and an anonymous caller (401)', async () => {
    const body = { name: 'Not allowed', code: 'ZZ7' };
    expect((await (await t.as('manager')).post('/v1/api/Organisation', body)).status).toBe(403);
    expect((await (await t.as('clerkA')).post('/v1/api/Organisation', body)).status).toBe(403);
    expect((await t.anonymous().post('/v1/api/Organisation', body)).status).toBe(401);
  });
});

describe('PUT /Organisation/{id}', () => {
  it('renames and closes an organisation (closed from its closure date), audited with before and after', async () => {
    const admin = await t.as('superAdmin');
    const created = await admin.post('/v1/api/Organisation', { name: 'To be closed', code: 'ZZ2' });
    const id = created.body.id;
    const res = await admin.put(`/v1/api/Organisation/${id}`, {
      name: 'Closed trust',
      code: 'ZZ2',
      closureDate: yesterday(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Closed trust', closureDate: yesterday(), isOpen: false });
    const today = await admin.put(`/v1/api/Organisation/${id}`, {
      name: 'Closed trust',
      code: 'ZZ2',
      closureDate: londonToday(),
    });
    expect(today.body.isOpen).toBe(false);
    const audit = await auditEntries(t, 'organisation.update', { entityId: id });
    expect(audit[0]).toMatchObject({ before: { name: 'To be closed' }, after: { name: 'Closed trust' } });
    const closed = await admin.get('/v1/api/Organisation?query=ZZ2&isOpen=false');
    expect(closed.body.total).toBe(1);
  });

  it('answers 400, 404, 409, 403 and 401', async () => {
    const admin = await t.as('superAdmin');
    const created = await admin.post('/v1/api/Organisation', { name: 'Stays put', code: 'ZZ3' });
    const id = created.body.id;
    const bad = await admin.put(`/v1/api/Organisation/${id}`, { name: 'ab', code: 'ZZ3' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.name).toEqual([messages.organisationNameTooShort]);
    expect((await admin.put('/v1/api/Organisation/999999', { name: 'Nobody', code: 'ZZ4' })).status).toBe(
      404,
    );
    const dup = await admin.put(`/v1/api/Organisation/${id}`, { name: 'Stays put', code: 'RGT' });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('already_exists');
    expect(
      (await (await t.as('manager')).put(`/v1/api/Organisation/${id}`, { name: 'x1x', code: 'ZZ3' })).status,
    ).toBe(403);
    expect((await t.anonymous().put(`/v1/api/Organisation/${id}`, { name: 'x1x', code: 'ZZ3' })).status).toBe(
      401,
    );
    expect((await admin.get(`/v1/api/Organisation/${id}`)).body.name).toBe('Stays put');
  });
});
