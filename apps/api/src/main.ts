import { type Config, ConfigError, loadConfig } from './config';
import type { App } from './platform/route-module';
import { flushTraces, tracingOrigin } from './platform/trace-attributes';

/** A start-up failure an operator can act on: one sentence naming the setting, no stack trace. */
function refuseToStart(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * Starts the service: config, settings checked, database, migrations, demo data on the embedded
 * default, then HTTP; SIGTERM drains it (platform/lifecycle.ts, decision 0033).
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) refuseToStart(error.message);
    throw error;
  }
  let app: App | undefined;
  // The app's modules (most of a start's CPU) load while the database opens, migrates and seeds:
  // PostgreSQL does its part on another core, and tsx resolves modules on its own thread.
  const appModule = import('./app');
  appModule.catch(() => {}); // awaited below; a database that fails first must not leave it unhandled
  const { checkSettingsAtStart, StartupRefusal } = await import('./platform/startup-checks');
  const { openDatabase } = await import('./db/database');
  const { migrateToLatest } = await import('./db/migrate');
  const { seedDemoData, seedReferenceData } = await import('./db/seed');
  const { createLifecycle, shutdownOnSignals } = await import('./platform/lifecycle');
  const { countEvaluationTimeout, startMetricsServer, watchDatabase } = await import('./platform/metrics');
  const { EvaluationBox } = await import('./platform/evaluation-box/pool');
  const log = (await import('./platform/logger')).createLogger(config);

  const database = await openDatabase({
    databaseUrl: config.database.url,
    pgliteDir: config.database.pgliteDir,
    pgliteTemplateDir: config.database.pgliteTemplateDir,
    poolSize: config.database.poolSize,
    connectTimeoutMs: config.database.connectTimeoutMs,
    onConnectionLost: (error) =>
      (app?.log ?? log).warn({ err: error }, 'database connection lost; the pool reconnects'),
  });
  try {
    await checkSettingsAtStart(config, database, log);
  } catch (error) {
    await database.close().catch(() => {});
    if (error instanceof StartupRefusal) refuseToStart((error as Error).message);
    throw error;
  }
  log.info('migrating the database');
  const migrated = await migrateToLatest(database.db);
  log.info({ migrations: migrated }, 'database migrated');
  await seedReferenceData(database.db);
  if (config.database.seedDemoData && config.env !== 'production') await seedDemoData(database.db);

  const lifecycle = createLifecycle();
  // The evaluation workers start before the server listens: an instance that cannot evaluate what
  // managers write cannot check a save, so it does not start (decision 0031).
  const box = new EvaluationBox({ ...config.evaluation, log, onOverBudget: countEvaluationTimeout });
  try {
    await box.start();
  } catch (error) {
    await box.close();
    await database.close().catch(() => {});
    refuseToStart(`The evaluation workers could not start: ${(error as Error).message}`);
  }
  const server = await (await appModule).buildApp({ config, database, lifecycle, box });
  app = server;
  watchDatabase(database);
  const metrics =
    config.metrics.port === undefined
      ? null
      : await startMetricsServer(config.metrics.host, config.metrics.port);
  shutdownOnSignals(lifecycle, {
    drainSeconds: config.shutdown.drainSeconds,
    timeoutSeconds: config.shutdown.timeoutSeconds,
    log: server.log,
    closeServer: async () => {
      await server.close();
      await new Promise((resolve) => (metrics ? metrics.close(resolve) : resolve(undefined)));
      // Requests and jobs are done: their last spans leave before the process does (no-op untraced).
      await flushTraces();
    },
    closeDatabase: () => database.close(),
    exit: (code) => process.exit(code),
  });
  await server.listen({ host: config.host, port: config.port });
  lifecycle.markReady();
  server.log.info(
    {
      metricsPort: config.metrics.port ?? null,
      drainSeconds: config.shutdown.drainSeconds,
      tracing: tracingOrigin(),
    },
    `Data Collection Framework on ${config.publicUrl} (database: ${database.kind})`,
  );
}

await main();
