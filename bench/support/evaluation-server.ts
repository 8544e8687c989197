/**
 * The API for bench/evaluation-box.bench.ts: the app as main.ts builds it (no migrations: the bench's
 * database is ready), evaluating either in the evaluation box (BENCH_EVALUATION=box, decision 0031) or,
 * to measure what the box costs, in this process with the very same task code (BENCH_EVALUATION=inline:
 * the server before decision 0031). Never part of the product.
 */
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/database';
import { EvaluationBox } from '../../apps/api/src/platform/evaluation-box/pool';
import type { BoxResults, BoxTask } from '../../apps/api/src/platform/evaluation-box/protocol';
import { FormsHeld, handleRequest } from '../../apps/api/src/platform/evaluation-box/tasks';
import type { Evaluator } from '../../apps/api/src/platform/route-module';

/** Evaluation on the API's own thread, as before the box: the same tasks, forms parsed once per version. */
function inlineEvaluator(budgets: { budgetMs: number; printBudgetMs: number }): Evaluator {
  const forms = new FormsHeld();
  let id = 0;
  const run = <K extends BoxTask['type']>(task: BoxTask & { type: K }, budgetMs: number) => {
    const { key } = task.form;
    // Held already: named by its key, as the pool names it to a worker that holds it.
    const form = key !== null && forms.resolve({ key }) ? { key } : task.form;
    const answer = handleRequest({ id: ++id, budgetMs, task: { ...task, form } }, forms);
    if (!answer.ok) throw new Error(`inline evaluation failed: ${JSON.stringify(answer.error)}`);
    return Promise.resolve(answer.result as BoxResults[K]);
  };
  return {
    checkReturn: (task) => run({ type: 'checkReturn', ...task }, budgets.budgetMs),
    printAnswers: (task) => run({ type: 'printAnswers', ...task }, budgets.printBudgetMs),
    close: async () => {},
  };
}

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.database.url,
  pgliteDir: config.database.pgliteDir,
  poolSize: config.database.poolSize,
});
let box: Evaluator;
if (process.env.BENCH_EVALUATION === 'inline') box = inlineEvaluator(config.evaluation);
else {
  const pool = new EvaluationBox(config.evaluation);
  await pool.start();
  box = pool;
}
const app = await buildApp({ config, database, box });
await app.listen({ host: config.host, port: config.port });
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
