import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { PGLITE_TEMPLATE_DIR, pgliteTemplateFile } from './pglite-template';
import { seedReferenceData } from './seed';

/**
 * Makes the PGlite template a fresh start unpacks (pglite-template.ts): a new cluster, every
 * migration, the reference data. Run by `npm run build`; `tsx apps/api/src/db/build-pglite-template.ts`.
 */
export async function buildPgliteTemplate(dir = PGLITE_TEMPLATE_DIR): Promise<string> {
  const lite = await PGlite.create('memory://');
  const handle = await openDatabase({ pgliteDir: 'memory://', pglite: lite });
  await migrateToLatest(handle.db);
  await seedReferenceData(handle.db);
  await handle.close();
  const dump = await lite.dumpDataDir('gzip');
  await lite.close();
  const file = pgliteTemplateFile(dir);
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside then renamed, so a start never reads half a file.
  writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${file}.partial`, file);
  return file;
}

if (fileURLToPath(import.meta.url) === path.resolve(process.argv[1] ?? '')) {
  const started = performance.now();
  // A build of the same code (same PGlite, same migrations) keeps the template it has.
  const dir = loadConfig().database.pgliteTemplateDir;
  const file = existsSync(pgliteTemplateFile(dir)) ? pgliteTemplateFile(dir) : await buildPgliteTemplate(dir);
  console.log(`PGlite template ${file} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
