import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlFor, engine, postgresAdminUrl } from '../../../test/engine';
import { repoRoot } from '../../config';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';

/** `npm run cli -- import-ods`: the same import from the command line, on a database of its own. */
const dir = mkdtempSync(path.join(tmpdir(), 'dcf-cli-'));
let database = '';
const env = () => ({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: database ? databaseUrlFor(database) : '',
  PGLITE_DIR: path.join(dir, 'pglite'),
});

function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['apps/api/src/cli.ts', ...args], {
      cwd: repoRoot,
      env: env(),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Opens the CLI's database, runs `use` on it, and closes it. */
async function withCliDatabase(
  use: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<unknown>,
) {
  const handle = await openDatabase({
    databaseUrl: database ? databaseUrlFor(database) : undefined,
    pgliteDir: path.join(dir, 'pglite'),
  });
  try {
    await use(handle.db);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  if (engine === 'postgres') {
    database = `dcf_cli_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
  }
  await withCliDatabase((db) => migrateToLatest(db));
}, 600_000);
afterAll(async () => {
  if (database) {
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run cli -- import-ods', () => {
  const extract = path.join(repoRoot, 'apps/api/test/test-data/ods/epraccur-extract.csv');

  it('prints the dry run, then imports; a second run changes nothing', async () => {
    const dry = await cli('import-ods', extract, '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, layout: { id: 'epraccur' }, added: 32 });
    const applied = await cli('import-ods', extract);
    expect(JSON.parse(applied.stdout)).toMatchObject({ dryRun: false, added: 32, refusedCount: 0 });
    const again = await cli('import-ods', extract);
    expect(JSON.parse(again.stdout)).toMatchObject({ added: 0, unchanged: 25, alreadyClosed: 7 });

    await withCliDatabase(async (db) => {
      const dormant = await db
        .selectFrom('organisation')
        .select(['odsStatus', 'closureDate'])
        .where('code', '=', 'Y05702')
        .executeTakeFirstOrThrow();
      expect(dormant).toEqual({ odsStatus: 'dormant', closureDate: null });
    });
  }, 600_000);

  it('a file it cannot read: the reason on stderr, exit code 1', async () => {
    const bad = path.join(dir, 'photo.csv');
    writeFileSync(bad, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]));
    const res = await cli('import-ods', bad);
    expect(res.code).toBe(1);
    expect(JSON.parse(res.stderr).errors.content[0]).toContain('not a CSV text file');
    const wrongType = await cli('import-ods', extract, '--type=RO999');
    expect(wrongType.code).toBe(1);
    expect(wrongType.stderr).toContain('No organisation type has the code RO999');
  }, 600_000);
});

describe('npm run cli -- bootstrap-admin (decision 0033)', () => {
  it('makes the first super administrator by email, registered before they sign in; refused once one exists', async () => {
    const first = await cli('bootstrap-admin', 'Lead.Analyst@nhs.example');
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({
      kind: 'made',
      email: 'Lead.Analyst@nhs.example',
      registered: true,
    });
    const again = await cli('bootstrap-admin', 'someone.else@nhs.example');
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stderr)).toMatchObject({
      code: 'already_exists',
      title:
        'A super administrator exists already (Lead.Analyst@nhs.example): give roles in the app instead.',
    });
    await withCliDatabase(async (db) => {
      const supers = await db
        .selectFrom('userSystemRole')
        .innerJoin('appUser', 'appUser.id', 'userSystemRole.userId')
        .select('appUser.email')
        .where('role', '=', 'superAdmin')
        .execute();
      expect(supers).toEqual([{ email: 'Lead.Analyst@nhs.example' }]);
      const audit = await db
        .selectFrom('auditLog')
        .select('action')
        .where('action', '=', 'user.bootstrapSuperAdministrator')
        .execute();
      expect(audit).toHaveLength(1);
    });
  });
});
