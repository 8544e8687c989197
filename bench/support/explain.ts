import type pg from 'pg';
import { statementsDuring } from '../../apps/api/test/support/statement-log';

/**
 * Every statement a request sends, with PostgreSQL's plan of it as it runs (EXPLAIN ANALYZE, replayed in
 * a transaction that is rolled back, so writes leave nothing): the plans bench/README.md shows for the
 * save and the manager's views at national scale (decision 0034).
 */

export interface ExplainedStatement {
  request: string;
  statement: string;
  plan: string;
  executionMs: number;
}

/** Runs `request` and explains every parameterised statement it sent (BEGIN and COMMIT left out). */
export async function explainRequest(
  pool: pg.Pool,
  label: string,
  request: () => Promise<unknown>,
): Promise<ExplainedStatement[]> {
  const { statements } = await statementsDuring(pool, request);
  const explained: ExplainedStatement[] = [];
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const statement of statements) {
      if (statement.values.length === 0) continue;
      const { rows } = await client.query<{ 'QUERY PLAN': string }>({
        text: `explain (analyze, costs off, timing off, summary on) ${statement.text}`,
        values: statement.values,
      });
      const lines = rows.map((row) => row['QUERY PLAN']);
      const execution = lines.find((line) => line.startsWith('Execution Time'));
      explained.push({
        request: label,
        statement: statement.text.replace(/\s+/g, ' ').trim(),
        plan: lines.filter((line) => !/^(Planning|Execution) Time/.test(line)).join('\n'),
        executionMs: execution ? Number(/([\d.]+) ms/.exec(execution)?.[1]) : Number.NaN,
      });
    }
  } finally {
    await client.query('rollback');
    client.release();
  }
  return explained;
}

/** The plans as Markdown: per request, each statement (shortened) and its plan. */
export function plansMarkdown(explained: readonly ExplainedStatement[]): string {
  const out: string[] = [];
  let request = '';
  for (const e of explained) {
    if (e.request !== request) {
      request = e.request;
      out.push(`\n#### ${request}\n`);
    }
    const short = e.statement.length > 300 ? `${e.statement.slice(0, 300)} ...` : e.statement;
    out.push(`- \`${short.replace(/`/g, "'")}\` (${e.executionMs.toFixed(3)} ms)\n`);
    out.push('```');
    out.push(e.plan);
    out.push('```');
  }
  return out.join('\n');
}

/** Plan nodes that read a whole table (a sequential scan) of one of `tables`. */
export function sequentialScans(explained: readonly ExplainedStatement[], tables: readonly string[]) {
  return explained.filter((e) => tables.some((table) => new RegExp(`Seq Scan on ${table}\\b`).test(e.plan)));
}
