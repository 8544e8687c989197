import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postgresAdminUrl } from '../../test/engine';
import { type DatabaseHandle, openDatabase } from './database';

/*
 * Every connection of the app's pool runs with `jit = off` (database.ts, withServerOptions; decision
 * 0034): PostgreSQL's default JIT-compiled a costly aggregate on every save. PGlite has no JIT, so this
 * file runs in the PostgreSQL project only.
 */
let handle: DatabaseHandle;
let withOwnOptions: DatabaseHandle;

/** A statement PostgreSQL estimates above `jit_above_cost` (100,000 by default). */
const costly = sql`explain select count(*) from generate_series(1, 10000) a, generate_series(1, 1000) b where a + b > 3`;

beforeAll(async () => {
  handle = await openDatabase({ databaseUrl: postgresAdminUrl, pgliteDir: '', poolSize: 3 });
  const url = new URL(postgresAdminUrl);
  url.searchParams.set('options', '-c work_mem=8MB');
  withOwnOptions = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', poolSize: 1 });
});
afterAll(async () => {
  await handle.close();
  await withOwnOptions.close();
});

const planText = async (db: DatabaseHandle['db']) =>
  (await costly.execute(db)).rows.map((row) => Object.values(row as object)[0]).join('\n');

it('a pooled connection, inside a transaction too, runs with jit off and plans a costly statement without JIT', async () => {
  // Three connections at once, so the setting is each connection's, not one that happened to run a SET.
  const settings = await Promise.all(
    [1, 2, 3].map(() =>
      handle.db.transaction().execute(async (tx) => {
        const { rows } = await sql<{
          jit: string;
          pid: number;
        }>`select current_setting('jit') as jit, pg_backend_pid() as pid`.execute(tx);
        await sql`select pg_sleep(0.05)`.execute(tx);
        return rows[0];
      }),
    ),
  );
  expect(settings.map((s) => s?.jit)).toEqual(['off', 'off', 'off']);
  expect(new Set(settings.map((s) => s?.pid)).size).toBe(3);
  expect(await planText(handle.db)).not.toMatch(/JIT:/);

  // The same statement on a connection without the option is JIT-compiled where the server can.
  const plain = new pg.Client({ connectionString: postgresAdminUrl });
  await plain.connect();
  try {
    const { rows } = await plain.query<{ available: boolean }>('select pg_jit_available() as available');
    const plan = (await plain.query(costly.compile(handle.db).sql)).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    if (rows[0]?.available) expect(plan).toMatch(/JIT:/);
  } finally {
    await plain.end();
  }
});

it("an operator's own options in the URL are kept, after ours", async () => {
  const { rows } = await sql<{
    jit: string;
    workMem: string;
  }>`select current_setting('jit') as jit, current_setting('work_mem') as work_mem`.execute(
    withOwnOptions.db,
  );
  expect(rows[0]).toEqual({ jit: 'off', workMem: '8MB' });
});
