import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../apps/api/src/db/database';

/**
 * The PostgreSQL server the benches make their own databases on: BENCH_DATABASE_URL, else TEST_DATABASE_URL,
 * else the local server's `postgres` database (only the server is used; every bench gets a database of its own).
 */
export const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

async function asAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the bench server. */
export function databaseUrl(name: string): URL {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url;
}

/**
 * Creates the empty database `name` and returns its URL. `replace` drops one of that name first (a bench
 * that runs under a fixed name, or one a killed run left behind).
 */
export async function createDatabase(name: string, { replace = false } = {}): Promise<URL> {
  await asAdmin(async (admin) => {
    if (replace) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  });
  return databaseUrl(name);
}

export async function dropDatabase(name: string): Promise<void> {
  await asAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
}

export async function databaseExists(name: string): Promise<boolean> {
  return asAdmin(async (admin) => {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    return rows.length > 0;
  });
}

/** A database engine a bench compares: `open` gives a fresh empty database and how to throw it away. */
export interface BenchEngine {
  name: string;
  open(): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }>;
}

/**
 * PGlite in memory always; PostgreSQL too when the server answers, each `open` a new database named
 * `prefix` with the process id and a counter.
 */
export async function benchEngines(prefix: string, poolSize = 10): Promise<BenchEngine[]> {
  const list: BenchEngine[] = [
    {
      name: 'PGlite',
      async open() {
        const lite = await PGlite.create('memory://');
        const handle = await openDatabase({ pgliteDir: 'memory://', pglite: lite });
        return {
          handle,
          drop: async () => {
            await handle.close();
            await lite.close();
          },
        };
      },
    },
  ];
  try {
    await asAdmin(async () => {});
  } catch {
    console.warn(`PostgreSQL not reachable at ${adminUrl}: PGlite only`);
    return list;
  }
  let opened = 0;
  list.push({
    name: 'PostgreSQL',
    async open() {
      const name = `${prefix}_${process.pid}_${opened++}`;
      const url = await createDatabase(name);
      const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', poolSize });
      return {
        handle,
        drop: async () => {
          await handle.close();
          await dropDatabase(name);
        },
      };
    },
  });
  return list;
}
