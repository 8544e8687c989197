import { readFileSync } from 'node:fs';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { listMigrations, migrateToLatest, rollbackLast } from './db/migrate';
import { seedDemoData, seedReferenceData } from './db/seed';
import { importOdsFile } from './modules/organisations/import';
import { runOdsSync } from './modules/organisations/ods-sync';
import { decodeOdsUpload } from './modules/organisations/ods-upload';
import { bootstrapSuperAdministrator } from './modules/users/bootstrap';
import { HttpProblem, validationProblem } from './platform/errors';

const conflictProblem = (reason: string) => new HttpProblem('already_exists', reason);

/**
 * Operations from the command line: `npm run cli -- <command>`.
 *   migrate    apply pending migrations
 *   rollback   roll back the newest migration
 *   status     list migrations and when they ran
 *   seed       reference data, plus demo data unless NODE_ENV=production
 *   import-ods <file> [--dry-run] [--type=<ODS role id>]   import an ODS register file (epraccur, etr, ets,
 *              eccg or a headered CSV: the layout is recognised from the content); prints what changed, or
 *              would change with --dry-run; --type sets the type of organisations the file gives none
 *   bootstrap-admin <email>   make the first super administrator (registered by email when they have not
 *              signed in yet); refused once any super administrator exists (decision 0033)
 *   sync-ods [--full]   synchronise organisations with the ODS ORD API (ODS_API_BASE_URL): only what changed
 *              since the last successful run when there is one within the API's 185 days, else (or with
 *              --full) the whole register
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
    if (!file) throw new Error('Usage: npm run cli -- import-ods <file> [--dry-run] [--type=RO76]');
    const dryRun = process.argv.includes('--dry-run');
    const typeCode = process.argv.find((a) => a.startsWith('--type='))?.slice('--type='.length);
    const type = typeCode
      ? await db.selectFrom('organisationType').select('id').where('code', '=', typeCode).executeTakeFirst()
      : undefined;
    if (typeCode && !type)
      throw validationProblem({ type: [`No organisation type has the code ${typeCode}`] });
    return importOdsFile(db, await decodeOdsUpload(readFileSync(file)), {
      dryRun,
      userId: null,
      organisationTypeId: type?.id ?? null,
    });
  },
  'bootstrap-admin': async (db) => {
    const email = process.argv.slice(3).find((a) => !a.startsWith('--'));
    if (!email || !/^[^@\s]+@[^@\s]+$/.test(email))
      throw validationProblem({ email: ['Usage: bootstrap-admin <email of the first super administrator>'] });
    const outcome = await bootstrapSuperAdministrator(db, email, 'cli');
    if (outcome.kind === 'refused') throw conflictProblem(outcome.reason);
    return outcome;
  },
  'sync-ods': async (db) =>
    runOdsSync(db, config, {
      userId: null,
      source: 'cli',
      mode: process.argv.includes('--full') ? 'full' : 'auto',
    }),
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
} catch (error) {
  // A refusal (a file that cannot be read, an unknown type) is the answer, not a crash: say it, exit 1.
  if (!(error instanceof HttpProblem)) throw error;
  console.error(JSON.stringify(error.toBody(), null, 2));
  process.exitCode = 1;
} finally {
  await database.close();
}
