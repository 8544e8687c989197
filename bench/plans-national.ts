/**
 * The plans of every statement of the save and of the manager's views at national scale (issue 25
 * item 2, decision 0034): the national collection of support/national.ts (15,000 organisations, 12
 * closed months of 15,000 submitted returns, the open month), then each request once through an app in
 * this process, its statements replayed under EXPLAIN ANALYZE in a rolled-back transaction
 * (support/national-plans.ts). Prints a line per request (statements, milliseconds, the largest row
 * count any plan node read, sequential scans of returns) and every plan; writes the plans to
 * bench/results/plans-national.md. Exits 1 on a sequential scan of submission or submission_revision.
 *
 * Run: `BENCH_NATIONAL_KEEP=1 npx tsx bench/plans-national.ts` (PostgreSQL as in national.ts; the kept
 * database is shared with the other national benches). PLANS_BENCH_ORGANISATIONS (15,000): fewer while
 * developing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { type ExplainedStatement, plansMarkdown, sequentialScans } from './support/explain';
import { nationalCollection, nationalOptions } from './support/national';
import { inProcessApp, managerPlans, managerViews, savePlans } from './support/national-plans';
import { repoRoot, round } from './support/save-load';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The largest `rows=` of any node of a plan (EXPLAIN ANALYZE's actual rows, per loop). */
const largestRows = (plan: string) =>
  Math.max(0, ...[...plan.matchAll(/rows=(\d+)/g)].map((m) => Number(m[1])));

console.log(`load average at start: ${load()}`);
const national = await nationalCollection(
  nationalOptions({ organisations: Number(process.env.PLANS_BENCH_ORGANISATIONS ?? 15_000) }),
);
const explained: ExplainedStatement[] = [];
try {
  const inProcess = await inProcessApp(national);
  try {
    // The last clerk: the load benches' clients are the first 200.
    explained.push(
      ...(await savePlans(inProcess, national, national.clerkCookies.length - 1, { submit: true })),
    );
    explained.push(...(await managerPlans(inProcess, national, managerViews(national))).explained);
  } finally {
    await inProcess.close();
  }
} finally {
  await national.close();
}

const markdown = plansMarkdown(explained);
mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
const plansFile = path.join(repoRoot, 'bench/results/plans-national.md');
writeFileSync(plansFile, markdown);
console.log(markdown);
console.log(`\n${explained.length} statements explained (${plansFile}); load average at end: ${load()}\n`);
console.log(
  '| Request | Statements | Execution ms (sum / slowest) | Most rows at a plan node | Seq scans of returns |',
);
console.log('| --- | --- | --- | --- | --- |');
const scans = sequentialScans(explained, ['submission', 'submission_revision']);
for (const request of new Set(explained.map((e) => e.request))) {
  const mine = explained.filter((e) => e.request === request);
  const ms = mine.map((e) => e.executionMs);
  console.log(
    `| ${request} | ${mine.length} | ${round(ms.reduce((a, b) => a + b, 0))} / ${round(Math.max(...ms))} | ` +
      `${Math.max(...mine.map((e) => largestRows(e.plan))).toLocaleString('en-GB')} | ` +
      `${scans.filter((s) => s.request === request).length} |`,
  );
}
if (scans.length > 0) {
  for (const scan of scans) console.log(`SEQ SCAN in ${scan.request}: ${scan.statement.slice(0, 200)}`);
  process.exitCode = 1;
}
