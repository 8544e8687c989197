import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listMigrations, migrateToLatest, rollbackAll } from '../src/db/migrate';
import { useTestApp } from './harness';

const t = useTestApp();

describe('database schema', () => {
  it('has an index leading with the columns of every foreign key', async () => {
    const { rows } = await sql<{ table: string; columns: string }>`
      select c.conrelid::regclass::text as table,
             array_to_string(array(select a.attname from unnest(c.conkey) k join pg_attribute a
               on a.attrelid = c.conrelid and a.attnum = k order by array_position(c.conkey, k)), ',') as columns
      from pg_constraint c
      where c.contype = 'f'
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] @> c.conkey
            and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] <@ c.conkey)
    `.execute(t.database.db);
    expect(rows).toEqual([]);
  });

  it('migrations are reversible: down to nothing and up again', async () => {
    const down = await rollbackAll(t.database.db);
    expect(down.applied.length).toBeGreaterThan(0);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%'`.execute(
      t.database.db,
    );
    expect(rows[0]?.n).toBe(0);
    const up = await migrateToLatest(t.database.db);
    expect(up.applied).toEqual(down.applied.slice().reverse());
    expect((await listMigrations(t.database.db)).every((m) => m.executedAt !== null)).toBe(true);
  });
});
