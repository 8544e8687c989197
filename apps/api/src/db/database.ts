import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { CamelCasePlugin, Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { readPgliteTemplate } from './pglite-template';
import { PreparingClient } from './prepared-statements';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type DbKind = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  kind: DbKind;
  close(): Promise<void>;
}

// One set of type parsers for both engines, so rows look the same whichever runs underneath:
// counts (int8) as numbers, calendar dates as 'yyyy-MM-dd' strings (never a midnight Date that a
// time zone could shift), timestamptz as Date (pg's default).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite (PostgreSQL compiled to WASM) persisted in
 * `pgliteDir` (or in memory for `memory://`). Both are reached through node-postgres, so the SQL, the
 * type parsing and the transaction semantics are one code path. PGlite is one connection: its pool
 * has size 1, which serialises transactions instead of interleaving them.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir: string;
  poolSize?: number;
  /** How long a request waits for a new connection before it answers 503 (the server is unreachable). */
  connectTimeoutMs?: number;
  pglite?: PGlite;
  /** Where the build's PGlite templates are (tests point it elsewhere). */
  pgliteTemplateDir?: string;
  /** Told about connections the server dropped (restart, network); the pool replaces them. */
  onConnectionLost?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      ...withServerOptions(options.databaseUrl),
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      keepAlive: true,
      Client: PreparingClient,
    });
    watchConnections(pool, options.onConnectionLost ?? (() => {}));
    const db = createKysely(pool);
    return { db, pool, kind: 'postgres', close: () => db.destroy() };
  }
  let lite = options.pglite;
  const ownsLite = !lite;
  if (!lite) {
    const dir = options.pgliteDir;
    // A directory without a cluster yet starts from the build's template (pglite-template.ts).
    const template =
      dir.startsWith('memory://') || existsSync(path.join(dir, 'PG_VERSION'))
        ? undefined
        : readPgliteTemplate(options.pgliteTemplateDir);
    if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
    lite = await PGlite.create(dir, template ? { loadDataDir: template } : {});
  }
  // Unnamed statements only: PGlite's node-postgres adapter loses the connection ("unexpected
  // commandComplete") when a prepared statement fails, so PreparingClient is for PostgreSQL alone.
  const pool = new pg.Pool({ ...(createPgConfig(lite) as unknown as pg.PoolConfig), max: 1 });
  const db = createKysely(pool);
  return {
    db,
    pool,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (ownsLite) await lite.close();
    },
  };
}

/**
 * Settings every connection of the app starts with (PostgreSQL's startup `options`), before any the
 * operator gives in the URL's `options` or in PGOPTIONS, which therefore win (decision 0034):
 *
 * - `jit = off`: PostgreSQL's default (`on`) JIT-compiles any statement whose estimated cost passes
 *   `jit_above_cost`, on every run: an aggregate over a period's returns was compiled on every save
 *   (125 functions, 1.5-6 s). The app's statements are short OLTP statements and index lookups, where
 *   compiling never pays; the statistics of a period are computed once, in a job (decision 0034).
 *
 * node-postgres lets a URL's own `options` replace the `options` given beside it, so they are taken
 * out of the URL and put after ours. PGlite has no JIT (it is not built with LLVM).
 */
export function withServerOptions(databaseUrl: string): { connectionString: string; options: string } {
  const url = new URL(databaseUrl);
  const given = url.searchParams.get('options');
  url.searchParams.delete('options');
  const options = ['-c jit=off', given, process.env.PGOPTIONS].filter(Boolean).join(' ');
  return { connectionString: url.toString(), options };
}

/**
 * When PostgreSQL restarts or the network drops, every open connection fails. An idle client's error
 * reaches the pool ('error' on the pool); a client checked out at that moment (a request between two
 * queries of its transaction) emits 'error' on the client itself, and an 'error' event nobody listens
 * to ends the process. So every client gets a listener for its whole life: the request using it sees
 * its own query fail (503, see unavailable.ts) and Kysely's release hands the broken client back,
 * which the pool discards because it is no longer queryable; the next request connects afresh.
 */
function watchConnections(pool: pg.Pool, onConnectionLost: (error: Error) => void): void {
  // The pool's own 'error' is an idle client's; the client's listener below has already reported it.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', onConnectionLost);
  });
}

/**
 * Column names are camelCased; the keys inside JSON values are not (maintainNestedObjectKeys): answers,
 * form definitions and OIDC payloads keep their own keys exactly (q1_total stays q1_total).
 */
function createKysely(pool: pg.Pool): Db {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
  });
}
