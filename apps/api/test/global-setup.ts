import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedDemoData } from '../src/db/seed';
import { bundleEvaluationWorker } from '../src/platform/evaluation-box/bundle';
import { databaseUrlFor, engine, postgresAdminUrl } from './engine';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a data-directory dump of the migrated, seeded database. Postgres: the template's name. */
    databaseTemplate: string;
    /** The evaluation worker, bundled once per run (decision 0031): the apps' pools start it. */
    evaluationWorker: string;
  }
}

/**
 * Prepares one migrated and seeded database per run; every test file then starts from a copy of it
 * (PGlite: loadDataDir of a dump, about 0.7 s; PostgreSQL: CREATE DATABASE ... TEMPLATE, about 0.1 s).
 */
export default async function setup(project: TestProject) {
  const workerDir = mkdtempSync(path.join(tmpdir(), 'dcf-test-worker-'));
  // Readable by the unprivileged user the workers run as when the tests run as root.
  chmodSync(workerDir, 0o755);
  const workerFile = path.join(workerDir, 'evaluation-worker.mjs');
  await bundleEvaluationWorker(workerFile);
  project.provide('evaluationWorker', workerFile);
  const removeWorker = () => rmSync(workerDir, { recursive: true, force: true });
  if (engine === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'dcf-test-'));
    const lite = await PGlite.create('memory://');
    const handle = await openDatabase({ pgliteDir: 'memory://', pglite: lite });
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db);
    await handle.close();
    const dump = await lite.dumpDataDir('none');
    await lite.close();
    const file = path.join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('databaseTemplate', file);
    return () => {
      rmSync(dir, { recursive: true, force: true });
      removeWorker();
    };
  }

  const template = `dcf_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `TEST_DB=postgres needs a PostgreSQL server at ${postgresAdminUrl}: ${(error as Error).message}`,
    );
  }
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const handle = await openDatabase({ databaseUrl: databaseUrlFor(template), pgliteDir: '' });
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db);
  await handle.close();
  project.provide('databaseTemplate', template);
  return async () => {
    // Test databases are dropped by their files; sweep any a crashed worker left behind.
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'dcf_t_${process.pid}_%' or datname = $1`,
      [template],
    );
    for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
    await admin.end();
    removeWorker();
  };
}
