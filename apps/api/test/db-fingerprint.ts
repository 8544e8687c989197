import { sql } from 'kysely';
import type { Db } from '../src/db/database';

/**
 * A fingerprint of every table's rows (count and the sum of each row's hash), to tell which tables a
 * request changed: the authorisation matrix reads it before and after each call, so "denied" is proven to
 * change nothing anywhere and "allowed" to change what the route is for. Sessions and rate-limit counters
 * change on every request by design, so they are left out.
 */
const IGNORED = ['session', 'rate_limit_counter'];

export type Fingerprint = Map<string, string>;

export async function fingerprint(db: Db): Promise<Fingerprint> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
      and table_name not in (${sql.join(IGNORED)}) order by table_name`.execute(db);
  const prints = sql.join(
    tables.rows.map(
      ({ name }) =>
        sql`select ${name}::text as name, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as print
          from ${sql.table(name)} x`,
    ),
    sql` union all `,
  );
  const rows = await sql<{ name: string; print: string }>`${prints}`.execute(db);
  return new Map(rows.rows.map((r) => [r.name, r.print]));
}

/** The tables whose rows differ between two fingerprints (a table added or dropped counts). */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
