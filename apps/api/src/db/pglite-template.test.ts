import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildPgliteTemplate } from './build-pglite-template';
import { openDatabase } from './database';
import { listMigrations, migrateToLatest } from './migrate';
import { migrations } from './migrations';
import { pgliteTemplateFile } from './pglite-template';
import { seedDemoData } from './seed';
import { demoUsers } from './seed/demo-users';

/**
 * A fresh PGlite start unpacks the build's template instead of creating a cluster (cold start):
 * it must be the same database a start without one makes, with the demo data and demo
 * users `npm start` promises, and it must stay a normal data directory afterwards.
 */
const work = mkdtempSync(path.join(tmpdir(), 'dcf-template-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('a fresh data directory starts from the template: migrated, reference data, then the demo data', async () => {
  const templates = path.join(work, 'templates');
  const file = await buildPgliteTemplate(templates);
  expect(file).toBe(pgliteTemplateFile(templates));

  const dir = path.join(work, 'pglite');
  const first = await openDatabase({ pgliteDir: dir, pgliteTemplateDir: templates });
  // Every migration of this code is already in it: nothing left for the start to apply.
  expect((await listMigrations(first.db)).map((m) => m.executedAt !== null)).toEqual(
    Object.keys(migrations).map(() => true),
  );
  expect((await migrateToLatest(first.db)).applied).toEqual([]);
  const regions = await first.db.selectFrom('region').select('code').execute();
  expect(regions.map((r) => r.code)).toContain('Y56');
  await seedDemoData(first.db);
  await first.close();

  // The directory is now an ordinary cluster: reopened, it resumes with the demo users in it.
  expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
  const again = await openDatabase({ pgliteDir: dir, pgliteTemplateDir: templates });
  const emails = (await again.db.selectFrom('appUser').select('email').execute()).map((u) => u.email);
  expect(emails).toEqual(expect.arrayContaining(demoUsers.map((u) => u.email)));
  await again.close();
}, 240_000);
