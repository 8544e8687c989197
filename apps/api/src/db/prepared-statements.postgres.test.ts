import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postgresAdminUrl } from '../../test/engine';
import { type DatabaseHandle, openDatabase } from './database';
import { MAX_PREPARED_PARAMETERS } from './prepared-statements';

/*
 * The PostgreSQL pool's clients prepare each parameterised statement once per connection (prepared-statements.ts):
 * the same answers as unnamed statements, a statement in PostgreSQL's list after its first run, long
 * parameter lists and parameterless scripts left as they were, and a statement whose result columns a
 * migration changed prepared afresh after one refusal. (PGlite's pool prepares nothing: database.ts.)
 */
let handle: DatabaseHandle;
const table = `prepared_test_${process.pid}`;

beforeAll(async () => {
  handle = await openDatabase({ databaseUrl: postgresAdminUrl, pgliteDir: '', poolSize: 1 });
});
afterAll(async () => {
  await handle.pool.query(`drop table if exists ${table}`);
  await handle.close();
});

/** The texts of the statements this connection (a pool of one) has prepared. */
async function prepared(): Promise<string[]> {
  const { rows } = await handle.pool.query<{ statement: string }>(
    'select statement from pg_prepared_statements',
  );
  return rows.map((r) => r.statement);
}

it('prepares a parameterised statement once and answers each run with its own values', async () => {
  const text = 'select $1::int * 2 as doubled';
  const answers = [];
  for (const n of [1, 2, 3]) answers.push((await handle.pool.query(text, [n])).rows[0].doubled);
  expect(answers).toEqual([2, 4, 6]);
  expect((await prepared()).filter((s) => s === text)).toHaveLength(1);
});

it('a statement failing as it runs leaves the connection usable', async () => {
  const text = 'select 10 / $1::int as share';
  expect((await handle.pool.query(text, [2])).rows[0].share).toBe(5);
  await expect(handle.pool.query(text, [0])).rejects.toThrow(/division by zero/);
  expect((await handle.pool.query(text, [5])).rows[0].share).toBe(2);
});

it('leaves long parameter lists and parameterless scripts unprepared, and both still run', async () => {
  const ids = Array.from({ length: MAX_PREPARED_PARAMETERS + 1 }, (_, i) => i);
  const list = `select count(*)::int as n from unnest(array[${ids.map((_, i) => `$${i + 1}::int`).join(', ')}]) as x`;
  expect((await handle.pool.query(list, ids)).rows[0].n).toBe(ids.length);
  await handle.pool.query(`create table ${table} (id int primary key); insert into ${table} values (1)`);
  const texts = await prepared();
  expect(texts).not.toContain(list);
  expect(texts.some((s) => s.includes(`create table ${table}`))).toBe(false);
});

it('a statement that fails to prepare does not break the connection', async () => {
  await expect(handle.pool.query('select from nowhere_at_all where id = $1', [1])).rejects.toThrow(
    /nowhere_at_all/,
  );
  expect((await handle.pool.query('select $1::text as ok', ['yes'])).rows[0].ok).toBe('yes');
});

it('a statement whose columns a migration changed is prepared afresh after at most one refusal', async () => {
  // Through Kysely, as the app runs: its connections go back to the pool whole after an error.
  const read = () => sql`select * from ${sql.table(table)} where id = ${1}`.execute(handle.db);
  expect((await read()).rows).toEqual([{ id: 1 }]);
  await handle.pool.query(`alter table ${table} add column note text not null default 'n'`);
  // PostgreSQL refuses a prepared statement whose result type changed; the next run re-prepares it.
  const first = await read().then(
    (r) => r.rows,
    (error: Error) => error,
  );
  if (first instanceof Error) expect(first.message).toMatch(/cached plan must not change result type/);
  else expect(first).toEqual([{ id: 1, note: 'n' }]);
  expect((await read()).rows).toEqual([{ id: 1, note: 'n' }]);
});
