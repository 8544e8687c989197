import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { writeAudit } from '../../platform/audit';

let managerId: number;

const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  managerId = await t.userId('manager');
  // Three changes at known instants, either side of a London midnight in summer time (UTC+1).
  const entries = [
    { at: '2026-06-30T22:59:00Z', action: 'collection.update', entityType: 'collection', entityId: '42' },
    {
      at: '2026-06-30T23:01:00Z',
      action: 'reportingPeriod.update',
      entityType: 'reportingPeriod',
      entityId: '7',
    },
    { at: '2026-07-02T10:00:00Z', action: 'collection.update', entityType: 'collection', entityId: '43' },
  ];
  for (const e of entries) {
    await writeAudit(db, {
      userId: managerId,
      action: e.action,
      entityType: e.entityType,
      entityId: e.entityId,
      before: { name: 'Old' },
      after: { name: 'New' },
    });
    await sql`update audit_log set occurred_at = ${new Date(e.at)} where entity_id = ${e.entityId} and action = ${e.action}`.execute(
      db,
    );
  }
}, 60_000);

describe('GET /AuditLog', () => {
  it('searches by who, what, which record and London dates, newest first, paged', async () => {
    const admin = await t.as('collectionAdmin');
    const byWho = await admin.get('/v1/api/AuditLog?who=morgan&from=2026-06-01&to=2026-07-31');
    expect(byWho.status).toBe(200);
    expect(byWho.body.total).toBe(3);
    expect(byWho.body.items.map((i: { entityId: string }) => i.entityId)).toEqual(['43', '7', '42']);
    expect(byWho.body.items[0]).toMatchObject({
      user: { id: managerId, name: 'Morgan Manager', email: 'manager@dcf.example' },
      action: 'collection.update',
      before: { name: 'Old' },
      after: { name: 'New' },
    });

    // 23:01 UTC on 30 June is 00:01 on 1 July in London.
    const july1 = await admin.get('/v1/api/AuditLog?from=2026-07-01&to=2026-07-01');
    expect(july1.body.items.map((i: { entityId: string }) => i.entityId)).toEqual(['7']);
    const june30 = await admin.get('/v1/api/AuditLog?who=manager@dcf&to=2026-06-30&from=2026-06-30');
    expect(june30.body.items.map((i: { entityId: string }) => i.entityId)).toEqual(['42']);

    const byWhat = await admin.get('/v1/api/AuditLog?action=collection.&who=morgan&pageSize=1&page=2');
    expect(byWhat.body).toMatchObject({ total: 2, items: [{ entityId: '42' }] });
    const byRecord = await admin.get('/v1/api/AuditLog?entityType=reportingPeriod&entityId=7');
    expect(byRecord.body.total).toBe(1);
  });

  it('sorts oldest first when asked (the list keeps its sort in the URL, decision 0025)', async () => {
    const admin = await t.as('collectionAdmin');
    const oldest = await admin.get('/v1/api/AuditLog?who=morgan&from=2026-06-01&to=2026-07-31&sortOrder=ASC');
    expect(oldest.body.items.map((i: { entityId: string }) => i.entityId)).toEqual(['42', '7', '43']);
    expect((await admin.get('/v1/api/AuditLog?sortOrder=sideways')).status).toBe(400);
  });

  it('is for administrators only, and checks its dates', async () => {
    expect((await (await t.as('manager')).get('/v1/api/AuditLog')).status).toBe(403);
    expect((await t.anonymous().get('/v1/api/AuditLog')).status).toBe(401);
    const bad = await (await t.as('superAdmin')).get('/v1/api/AuditLog?from=2026-13-45');
    expect(bad.status).toBe(400);
  });
});
