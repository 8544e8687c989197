import { type Compilable, type CompiledQuery, createQueryId } from 'kysely';
import type { Db, Tx } from './database';

/** A value left open when the statement is compiled, filled in by name on each run. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A statement built and compiled by Kysely once per process, then run many times with new values: for
 * the few statements every save runs. Kysely builds and compiles a query on every run (156 us for the
 * save's locked select, as much again for its write), more CPU than PostgreSQL spends executing them
 * once they are prepared (prepared-statements.ts).
 *
 * `build` gets `slot(name)` for each value that changes between runs and must give the same SQL
 * whatever the values: no shape (columns, joins, conditions) may depend on them. Values outside slots
 * are fixed at the first run. A run without a value for one of its slots (or with undefined, which
 * Kysely would have left out of the statement) is refused.
 */
export function compiledStatement<Row>(build: (db: Db, slot: (name: string) => never) => Compilable<Row>) {
  let compiled: CompiledQuery<Row> | undefined;
  return {
    /**
     * The statement's SQL, compiled for `db` as the first run compiles it: for the SQL snapshots a
     * test compares (test/sql-snapshots.test.ts), so a change to the save's statements shows in review.
     */
    sql(db: Db): string {
      return (compiled ?? build(db, (name) => new Slot(name) as never).compile()).sql;
    },
    /** The rows the statement returns, as Kysely gives them (its plugins applied). */
    async rows(db: Db | Tx, values: Readonly<Record<string, unknown>>): Promise<Row[]> {
      compiled ??= build(db as Db, (name) => new Slot(name) as never).compile();
      const parameters = compiled.parameters.map((parameter) => {
        if (!(parameter instanceof Slot)) return parameter;
        const value = values[parameter.name];
        if (value === undefined) throw new Error(`No value for ${parameter.name}`);
        return value;
      });
      const result = await db.executeQuery<Row>({ ...compiled, parameters, queryId: createQueryId() });
      return result.rows;
    },
  };
}

/**
 * Each value of `record` as a slot named `prefix.key`, typed as the record so Kysely still checks the
 * columns (for `.values()` and `.set()`); `slotValues` gives the values to run the statement with.
 */
export function slotsFor<T extends Record<string, unknown>>(
  prefix: string,
  record: T,
  slot: (name: string) => never,
): T {
  return Object.fromEntries(
    Object.keys(record).map((key) => [key, slot(`${prefix}.${key}`)]),
  ) as unknown as T;
}

export function slotValues(prefix: string, record: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [`${prefix}.${key}`, value]));
}
