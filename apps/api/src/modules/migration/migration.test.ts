import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { listMigrations } from '../../db/migrate';
import { migrations } from '../../db/migrations';

const t = useTestApp();

const newest = Object.keys(migrations).at(-1)!;

describe('POST /Migration/Migrate and /Migration/Rollback', () => {
  it('answers an empty list when everything is applied', async () => {
    const res = await (await t.as('superAdmin')).post('/v1/api/Migration/Migrate');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ direction: 'Up', applied: [] });
  });

  it('rolls back the newest migration and applies it again', async () => {
    const admin = await t.as('superAdmin');
    const down = await admin.post('/v1/api/Migration/Rollback');
    expect(down.status).toBe(200);
    expect(down.body).toEqual({ direction: 'Down', applied: [newest] });
    expect((await listMigrations(t.database.db)).find((m) => m.name === newest)?.executedAt).toBeNull();
    const up = await admin.post('/v1/api/Migration/Migrate');
    expect(up.body).toEqual({ direction: 'Up', applied: [newest] });
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityType', '=', 'migration')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'migration.migrate',
      'migration.rollback',
      'migration.migrate',
    ]);
  });

  it('is for super administrators only', async () => {
    expect((await t.anonymous().post('/v1/api/Migration/Migrate')).status).toBe(401);
    expect((await (await t.as('collectionAdmin')).post('/v1/api/Migration/Rollback')).status).toBe(403);
    expect(
      (await (await t.as('superAdmin')).post('/v1/api/Migration/Rollback', {}, { csrf: false })).status,
    ).toBe(403);
  });
});
