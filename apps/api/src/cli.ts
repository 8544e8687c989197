import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { listMigrations, migrateToLatest, rollbackLast } from './db/migrate';
import { seedDemoData, seedReferenceData } from './db/seed';

/**
 * Operations from the command line: `npm run cli -- <command>`.
 *   migrate    apply pending migrations
 *   rollback   roll back the newest migration
 *   status     list migrations and when they ran
 *   seed       reference data, plus demo data unless NODE_ENV=production
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
