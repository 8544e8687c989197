/**
 * Data quality rules' server CPU per return (decision 0028), in this process (no HTTP, no
 * database): 20 rules of every kind on a 100-field return (90 number questions and a 10-row grid of
 * one number column), with the same organisation's previous return and last period's statistics.
 *
 * - browser: evaluateDataQuality with the same rule objects each time (as the entry page runs it);
 * - server: the rules parsed from their stored JSON text each time, then evaluated (as a save does).
 *
 * Last period's statistics come from the database (percentiles in SQL, data-quality/queries.ts): not here.
 *
 * Run: npx tsx bench/data-quality.bench.ts. Figures: bench/README.md ("Data quality rules").
 */
import { loadavg } from 'node:os';
import type { DataQualityCheck, DataQualityRule } from '@dcf/domain/data-quality';
import { checkFields, compileCheck } from '@dcf/forms/data-quality/compile';
import { evaluateDataQuality } from '@dcf/forms/data-quality/evaluate';

const RUNS = 5000;
const WARM_UP = 500;
const key = (i: number) => `f${String(i).padStart(3, '0')}`;

function rules(): DataQualityRule[] {
  const checks: DataQualityCheck[] = [];
  for (let i = 0; i < 6; i++)
    checks.push({ kind: 'compare', left: key(i * 2 + 1), operator: '<=', right: key(i * 2 + 2) });
  checks.push({ kind: 'sum', total: key(20), parts: [key(21), key(22), key(23)] });
  checks.push({ kind: 'sum', total: key(24), parts: [key(25), key(26), key(27), key(28), key(29)] });
  checks.push({ kind: 'sum', total: key(30), parts: ['staff.hours'] });
  checks.push({ kind: 'sum', total: key(31), parts: [key(32), 'staff.hours'] });
  for (let i = 40; i < 45; i++) checks.push({ kind: 'change', field: key(i), percent: 20, amount: 5 });
  for (let i = 50; i < 53; i++)
    checks.push({ kind: 'range', field: key(i), bounds: i % 2 === 0 ? 'minMax' : 'p5p95' });
  checks.push({ kind: 'range', field: 'staff.hours', bounds: 'p5p95' });
  checks.push({
    kind: 'logic',
    logic: { '<=': [{ var: 'answers.f060' }, { '*': [2, { var: 'stats.f050.median' }] }] },
    fields: [key(60)],
  });
  return checks.map((check, i) => ({
    id: `r${i + 1}`,
    name: `Rule ${i + 1}`,
    severity: i % 4 === 0 ? 'error' : 'warning',
    message: `Check rule ${i + 1}`,
    check,
    fields: checkFields(check),
    logic: compileCheck(check),
  }));
}

function answers(seed: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 1; i <= 90; i++) out[key(i)] = ((seed * 31 + i * 17) % 997) + 1;
  out.staff = Array.from({ length: 10 }, (_, row) => ({ hours: ((seed + row * 7) % 40) + 1 }));
  return out;
}

function timeRuns(run: () => void) {
  for (let i = 0; i < WARM_UP; i++) run();
  const wall: number[] = [];
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    run();
    wall.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuStart);
  wall.sort((a, b) => a - b);
  const at = (p: number) => (wall[Math.floor((p / 100) * (wall.length - 1))] as number).toFixed(3);
  return { cpuMs: ((cpu.user + cpu.system) / 1000 / RUNS).toFixed(3), p50: at(50), p95: at(95) };
}

const ruleSet = rules();
const ruleJson = JSON.stringify(ruleSet);
const previous = answers(7);
const stats = {
  f050: { count: 1000, min: 2, p5: 52, median: 500, p95: 949, max: 997 },
  f051: { count: 1000, min: 1, p5: 51, median: 499, p95: 948, max: 996 },
  f052: { count: 1000, min: 3, p5: 53, median: 501, p95: 950, max: 997 },
  staff: { hours: { count: 1000, min: 100, p5: 150, median: 205, p95: 260, max: 300 } },
};
const returnsToCheck = Array.from({ length: 50 }, (_, i) => answers(1000 + i));
let n = 0;
let flagged = 0;
const next = () => returnsToCheck[n++ % returnsToCheck.length] as Record<string, unknown>;

console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const browser = timeRuns(() => {
  flagged += evaluateDataQuality(ruleSet, { answers: next(), previous, stats }).length;
});
const server = timeRuns(() => {
  flagged += evaluateDataQuality(JSON.parse(ruleJson) as DataQualityRule[], {
    answers: next(),
    previous,
    stats,
  }).length;
});
console.log(
  `rules: ${ruleSet.length}, fields per return: 100, findings per return (mean): ${(flagged / (2 * (RUNS + WARM_UP))).toFixed(1)}`,
);
console.log(
  `browser (same rule objects): CPU ${browser.cpuMs} ms per return; wall p50 ${browser.p50} ms, p95 ${browser.p95} ms`,
);
console.log(
  `server (rules parsed from JSON each save): CPU ${server.cpuMs} ms per return; wall p50 ${server.p50} ms, p95 ${server.p95} ms`,
);
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
