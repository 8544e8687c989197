import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../config';

/**
 * Creating a PGlite cluster (initdb compiled to WASM) was most of a fresh start: about 7 s of CPU of
 * a 10-14 s cold start (decision 0026). So `npm run build` creates one cluster, migrated and holding
 * the reference data, and saves it as a tarball (`build-pglite-template.ts`); a start on an empty
 * PGLITE_DIR unpacks it instead of running initdb, then migrates and seeds as always (newer
 * migrations, if any, and the demo data, whose periods follow today's date, so never in the template).
 * The file is named by a hash of the PGlite version and the migrations' files: a template
 * made by other code is never used, and without one a start creates the cluster as before.
 */
const MIGRATIONS_DIR = path.join(repoRoot, 'apps/api/src/db/migrations');

export const PGLITE_TEMPLATE_DIR = path.join(repoRoot, 'data/pglite-template');

/** The installed PGlite's version: a cluster is only readable by the PGlite that wrote it. */
function pgliteVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules/@electric-sql/pglite/package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    if (dir === path.dirname(dir)) throw new Error('@electric-sql/pglite is not installed');
  }
}

/** Where the template for this code (its PGlite version and migrations) is, or would be, saved. */
export function pgliteTemplateFile(dir = PGLITE_TEMPLATE_DIR): string {
  const key = createHash('sha256')
    .update(pgliteVersion())
    // The migrations' files, names and contents: one edited in place (before release) makes a new
    // template. Read from disk, so the key is the same whichever loader compiled the code.
    .update(
      readdirSync(MIGRATIONS_DIR)
        .sort()
        .map((file) => `${file}\n${readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')}`)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
  return path.join(dir, `${key}.tar.gz`);
}

/** The template for this code, when the build has made one (PGLITE_TEMPLATE_DIR, config.ts). */
export function readPgliteTemplate(dir = PGLITE_TEMPLATE_DIR): Blob | undefined {
  const file = pgliteTemplateFile(dir);
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}
