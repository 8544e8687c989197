import module from 'node:module';
import { type Config, ConfigError, loadConfig } from './config';
import type { App } from './platform/route-module';

// V8 keeps the compiled code of every module on disk between starts (Node 22.1 and later, in the OS's
// temporary folder): about 1 s less CPU a start once warm (decision 0026). Everything but the config
// is imported below, after this, so that it is covered.
module.enableCompileCache?.();

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
  let app: App | undefined;
  // The app's modules (most of a start's CPU) load while the database opens, migrates and seeds:
  // PostgreSQL does its part on another core, and tsx resolves modules on its own thread.
  const appModule = import('./app');
  appModule.catch(() => {}); // awaited below; a database that fails first must not leave it unhandled
  const { openDatabase } = await import('./db/database');
  const { migrateToLatest } = await import('./db/migrate');
  const { seedDemoData, seedReferenceData } = await import('./db/seed');
  const database = await openDatabase({
    databaseUrl: config.database.url,
    pgliteDir: config.database.pgliteDir,
    pgliteTemplateDir: config.database.pgliteTemplateDir,
    poolSize: config.database.poolSize,
    connectTimeoutMs: config.database.connectTimeoutMs,
    onConnectionLost: (error) =>
      app?.log.warn({ err: error }, 'database connection lost; the pool reconnects'),
  });
  await migrateToLatest(database.db);
  await seedReferenceData(database.db);
  if (config.database.seedDemoData && config.env !== 'production') await seedDemoData(database.db);

  const server = await (await appModule).buildApp({ config, database });
  app = server;
  const shutdown = async (signal: string) => {
    server.log.info({ signal }, 'shutting down');
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await server.listen({ host: config.host, port: config.port });
  server.log.info(`Data Collection Framework on ${config.publicUrl} (database: ${database.kind})`);
}

await main();
