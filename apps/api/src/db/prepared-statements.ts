import pg from 'pg';

/**
 * Statements with at most this many parameters are prepared. Longer lists (a bulk insert, an `in` of
 * many ids) change their text with their length: preparing them would fill the connection's
 * statements with one-offs.
 */
export const MAX_PREPARED_PARAMETERS = 64;
/** Named statements one connection keeps at most; further new texts run unnamed, as before. */
export const MAX_PREPARED_PER_CONNECTION = 300;

/**
 * A node-postgres client that prepares each parameterised statement once per connection (a named
 * statement, PostgreSQL's extended protocol) and from then on only binds and executes it.
 *
 * Why: node-postgres sends every query with parameters as an unnamed statement, which PostgreSQL parses
 * and plans afresh each time. Measured on the save (decision 0029): planning the locked save context
 * (six tables) cost 2.3 ms of database CPU per save and parsing and planning together were ~70% of the
 * database's CPU per save, more than executing. A named statement is parsed once; after five runs
 * PostgreSQL keeps a generic plan when it costs no more than planning each time would save (its own
 * rule), so list queries with skewed filters keep their custom plans. postgres.js prepares every
 * statement the same way by default.
 *
 * Statements without parameters (BEGIN, COMMIT, migrations, which may hold several statements) run as
 * before, as simple queries. A prepared statement that a migration invalidates is re-planned by
 * PostgreSQL itself. Behind PgBouncer in transaction mode this needs PgBouncer 1.21 or later
 * (`max_prepared_statements`), as any prepared statement does.
 */
export class PreparingClient extends pg.Client {
  readonly #names = new Map<string, string>();
  #counter = 0;

  // node-postgres's query has many overloads; only (text, values, callback?) is ever prepared here,
  // every other form (a config object, a cursor, no values) is passed through unchanged.
  // biome-ignore lint/suspicious/noExplicitAny: forwards node-postgres's own overloaded arguments
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config !== 'string' || !Array.isArray(values) || values.length === 0)
      return super.query(config, values, callback);
    const name = this.#nameFor(config, values.length);
    if (name === undefined) return super.query(config, values, callback);
    const query = { name, text: config, values };
    if (typeof callback === 'function')
      return super.query(query, (error: Error | null, result: unknown) => {
        if (error) this.#forgetIfStale(config, error);
        callback(error, result);
      });
    return (super.query(query) as Promise<unknown>).catch((error: Error) => {
      this.#forgetIfStale(config, error);
      throw error;
    });
  }

  #nameFor(text: string, parameters: number): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined) return known;
    if (parameters > MAX_PREPARED_PARAMETERS || this.#names.size >= MAX_PREPARED_PER_CONNECTION)
      return undefined;
    // Names are per connection, so a counter never collides (node-postgres refuses a name reused
    // for another text).
    this.#counter += 1;
    const name = `dcf_${this.#counter}`;
    this.#names.set(text, name);
    return name;
  }

  /**
   * A migration applied while this process runs (a rolling deploy) can change the columns a prepared
   * statement returns; PostgreSQL then refuses it ("cached plan must not change result type") rather
   * than re-plan it. That one query fails; the next run of the text prepares it afresh under a new name.
   */
  #forgetIfStale(text: string, error: Error): void {
    if ((error as { code?: string }).code === '0A000' && /cached plan/.test(error.message))
      this.#names.delete(text);
  }
}
