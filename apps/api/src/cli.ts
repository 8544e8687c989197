import { readFileSync } from 'node:fs';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { listMigrations, migrateToLatest, rollbackLast } from './db/migrate';
import { seedDemoData, seedReferenceData } from './db/seed';
import { importOdsCsv } from './modules/organisations/import';
import { runOdsSync } from './modules/organisations/ods-sync';

/**
 * Operations from the command line: `npm run cli -- <command>`.
 *   migrate    apply pending migrations
 *   rollback   roll back the newest migration
 *   status     list migrations and when they ran
 *   seed       reference data, plus demo data unless NODE_ENV=production
 *   import-ods <file> [--dry-run]   import an ODS extract (etr.csv layout); prints what changed
 *   sync-ods   synchronise organisations with the ODS ORD API (ODS_API_BASE_URL)
 */
const commands: Record<string, (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<unknown>> = {
  migrate: migrateToLatest,
  rollback: rollbackLast,
  status: listMigrations,
  seed: async (db) => {
    await migrateToLatest(db);
    await seedReferenceData(db);
    if (process.env.NODE_ENV !== 'production') await seedDemoData(db);
    return 'seeded';
  },
  'import-ods': async (db) => {
    const file = process.argv.slice(3).find((a) => !a.startsWith('--'));
    if (!file) throw new Error('Usage: npm run cli -- import-ods <file> [--dry-run]');
    const dryRun = process.argv.includes('--dry-run');
    return importOdsCsv(db, readFileSync(file, 'utf8'), { dryRun, userId: null });
  },
  'sync-ods': async (db) => runOdsSync(db, { baseUrl: config.ods.apiBaseUrl, userId: null, source: 'cli' }),
};

const name = process.argv[2] ?? '';
const command = commands[name];
if (!command) {
  console.error(`Usage: npm run cli -- <${Object.keys(commands).join('|')}>`);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.database.url,
  pgliteDir: config.database.pgliteDir,
});
try {
  console.log(JSON.stringify(await command(database.db), null, 2));
} finally {
  await database.close();
}
