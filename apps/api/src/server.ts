import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoData, seedReferenceData } from './db/seed';

/** Starts the service: config, database, migrations, demo data on the embedded default, then HTTP. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.database.url,
    pgliteDir: config.database.pgliteDir,
    poolSize: config.database.poolSize,
  });
  await migrateToLatest(database.db);
  await seedReferenceData(database.db);
  if (config.database.seedDemoData && config.env !== 'production') await seedDemoData(database.db);

  const app = await buildApp({ config, database });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Data Collection Framework on ${config.publicUrl} (database: ${database.kind})`);
}

await main();
