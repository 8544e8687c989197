import type pg from 'pg';

/** A statement the app sent to the database, with its parameters. */
export interface LoggedStatement {
  text: string;
  values: unknown[];
}

/**
 * Runs `during` and records every statement the app's pool sends meanwhile (the pool's clients are
 * watched as they are handed out), so a test can say what one request asked of the database.
 */
export async function statementsDuring<T>(
  pool: pg.Pool,
  during: () => Promise<T>,
): Promise<{ result: T; statements: LoggedStatement[] }> {
  const statements: LoggedStatement[] = [];
  type Query = (...args: any[]) => any;
  const originals = new Map<pg.PoolClient, Query>();
  const watch = (client: pg.PoolClient) => {
    if (originals.has(client)) return;
    const query = client.query as Query;
    originals.set(client, query);
    (client as unknown as { query: Query }).query = function (this: pg.PoolClient, ...args) {
      const [config, values] = args;
      if (typeof config === 'string')
        statements.push({ text: config, values: Array.isArray(values) ? values : [] });
      return query.apply(this, args);
    };
  };
  pool.on('acquire', watch);
  try {
    const result = await during();
    return { result, statements };
  } finally {
    pool.off('acquire', watch);
    for (const [client, query] of originals) (client as unknown as { query: Query }).query = query;
  }
}

/** What one plan node read of a table: rows it returned and rows it read and threw away, over its loops. */
export interface TableRead {
  statement: string;
  table: string;
  node: string;
  rows: number;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/**
 * Runs each parameterised statement again under EXPLAIN ANALYZE, in one transaction that is rolled back
 * (writes included: nothing stays), and lists every plan node that read one of `tables` with the rows
 * it touched (returned plus filtered out, times its loops). Statements without parameters (BEGIN,
 * COMMIT) are skipped.
 */
export async function tableReads(
  pool: pg.Pool,
  statements: readonly LoggedStatement[],
  tables: readonly string[],
): Promise<TableRead[]> {
  const reads: TableRead[] = [];
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const statement of statements) {
      if (statement.values.length === 0) continue;
      const { rows } = await client.query<{ 'QUERY PLAN': unknown }>({
        text: `explain (analyze, format json) ${statement.text}`,
        values: statement.values,
      });
      const plan = rows[0]?.['QUERY PLAN'];
      const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
      const visit = (node: PlanNode) => {
        if (node['Relation Name'] && tables.includes(node['Relation Name']))
          reads.push({
            statement: statement.text.replace(/\s+/g, ' ').slice(0, 160),
            table: node['Relation Name'],
            node: node['Node Type'],
            rows:
              ((node['Actual Rows'] ?? 0) +
                (node['Rows Removed by Filter'] ?? 0) +
                (node['Rows Removed by Index Recheck'] ?? 0)) *
              (node['Actual Loops'] ?? 1),
          });
        for (const child of node.Plans ?? []) visit(child);
      };
      for (const entry of parsed) visit(entry.Plan);
    }
  } finally {
    await client.query('rollback');
    client.release();
  }
  return reads;
}
