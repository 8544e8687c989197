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
 * are fixed at the first run. A run without a value for one of its slots is refused.
 */
export function compiledStatement<Row>(build: (db: Db, slot: (name: string) => never) => Compilable<Row>) {
  let compiled: CompiledQuery<Row> | undefined;
  return {
    /** The rows the statement returns, as Kysely gives them (its plugins applied). */
    async rows(db: Db | Tx, values: Readonly<Record<string, unknown>>): Promise<Row[]> {
      compiled ??= build(db as Db, (name) => new Slot(name) as never).compile();
      const parameters = compiled.parameters.map((parameter) => {
        if (!(parameter instanceof Slot)) return parameter;
        if (!Object.hasOwn(values, parameter.name)) throw new Error(`No value for ${parameter.name}`);
        return values[parameter.name];
      });
      const result = await db.executeQuery<Row>({ ...compiled, parameters, queryId: createQueryId() });
      return result.rows;
    },
  };
}
