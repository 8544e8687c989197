import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compiledStatement } from './compiled-statement';
import { type DatabaseHandle, openDatabase } from './database';

/*
 * A statement compiled once (compiled-statement.ts) answers each run with that run's values, in or out
 * of a transaction, through Kysely's plugins (camelCase names), and refuses a run missing a value.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ pgliteDir: 'memory://' });
  await sql`create table region (id integer primary key, code text not null, name text not null)`.execute(
    handle.db,
  );
  await sql`insert into region values (1, 'Y56', 'London'), (2, 'Y58', 'South West'), (3, 'Y59', 'South East')`.execute(
    handle.db,
  );
});
afterAll(() => handle.close());

let builds = 0;
const regionsFrom = compiledStatement((db, slot) => {
  builds += 1;
  return db
    .selectFrom('region')
    .select(['code', 'name as regionName'])
    .where('id', '>=', slot('from'))
    .where('code', '!=', slot('except'))
    .orderBy('id');
});

it('is built once and answers every run with its own values', async () => {
  expect(await regionsFrom.rows(handle.db, { from: 1, except: 'Y58' })).toEqual([
    { code: 'Y56', regionName: 'London' },
    { code: 'Y59', regionName: 'South East' },
  ]);
  expect(await regionsFrom.rows(handle.db, { from: 2, except: 'none' })).toEqual([
    { code: 'Y58', regionName: 'South West' },
    { code: 'Y59', regionName: 'South East' },
  ]);
  const inTransaction = await handle.db
    .transaction()
    .execute((tx) => regionsFrom.rows(tx, { from: 3, except: 'none' }));
  expect(inTransaction).toEqual([{ code: 'Y59', regionName: 'South East' }]);
  expect(builds).toBe(1);
});

it('refuses a run without a value, or with undefined, for one of its slots', async () => {
  await expect(regionsFrom.rows(handle.db, { from: 1 })).rejects.toThrow('No value for except');
  await expect(regionsFrom.rows(handle.db, { from: 1, except: undefined })).rejects.toThrow(
    'No value for except',
  );
});
