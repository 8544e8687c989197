// Runs every benchmark in bench/*.mjs in turn, then writes bench/results/latest.json with each one's
// figures, budgets and verdict, plus the machine they ran on. Exit 1 when any is over its budget.
//   npm run bench                    all of them
//   npm run bench -- bundle          only those whose file name contains "bundle"
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = path.join(repoRoot, 'bench');
const only = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((f) => f.endsWith('.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const scratch = mkdtempSync(path.join(tmpdir(), 'dcf-bench-results-'));
const benchmarks = [];
for (const file of files) {
  console.log(`\n=== bench/${file}`);
  const resultFile = path.join(scratch, `${file}.json`);
  const started = Date.now();
  const run = spawnSync(process.execPath, [path.join(benchDir, file)], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULT_FILE: resultFile },
  });
  const seconds = Number(((Date.now() - started) / 1000).toFixed(1));
  const result = existsSync(resultFile)
    ? JSON.parse(readFileSync(resultFile, 'utf8'))
    : {
        name: file.replace(/\.mjs$/, ''),
        passed: false,
        error: `exited with code ${run.status} and no result`,
      };
  result.exitCode = run.status;
  result.durationSeconds = seconds;
  benchmarks.push(result);
  console.log(`=== bench/${file}: ${result.passed ? 'within budget' : 'FAILED'} (${seconds} s)`);
}
rmSync(scratch, { recursive: true, force: true });

const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
const report = {
  date: new Date().toISOString(),
  commit: commit.status === 0 ? commit.stdout.trim() : null,
  machine: {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
    memoryGb: Number((totalmem() / 1024 ** 3).toFixed(1)),
  },
  passed: benchmarks.every((b) => b.passed),
  benchmarks,
};
const out = path.join(benchDir, 'results/latest.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `\nBenchmarks: ${benchmarks.filter((b) => b.passed).length}/${benchmarks.length} within budget; figures in ${path.relative(repoRoot, out)}`,
);
process.exit(report.passed ? 0 : 1);
