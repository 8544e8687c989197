import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How many of the slowest tests the summary names. */
const SLOWEST = 10;

/**
 * Prints, at the end, the time each spec took (its tests' durations added, retries included), the slowest
 * tests, and one line that says what ran and how it went, e.g. "E2E PASSED: 6 passed, 0 failed ...". The
 * measured times are what e2e/README.md's table of long specs is checked against.
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, ReturnType<TestCase['outcome']>>();

  private readonly notRun = new Map<string, string>();

  private readonly durations = new Map<string, { spec: string; title: string; ms: number }>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test.id, test.outcome());
    const spec = path.basename(test.location.file);
    const took = this.durations.get(test.id)?.ms ?? 0;
    this.durations.set(test.id, {
      spec,
      title: test.titlePath().slice(3).join(' > '),
      ms: took + result.duration,
    });
    if (test.outcome() === 'skipped') {
      const why = test.annotations.find((a) => a.type === 'fixme' || a.type === 'skip')?.description;
      this.notRun.set(test.id, `${test.titlePath().slice(2).join(' > ')}${why ? `: ${why}` : ''}`);
    }
  }

  onEnd(result: FullResult): void {
    const counts = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
    for (const outcome of this.outcomes.values()) counts[outcome] += 1;
    const seconds = (result.duration / 1000).toFixed(1);
    const app = process.env.E2E_BASE_URL ?? 'the app';
    for (const line of this.notRun.values()) console.log(`  not run: ${line}`);
    this.printDurations();
    console.log(
      `\nE2E ${result.status === 'passed' ? 'PASSED' : 'FAILED'}: ${counts.expected} passed, ${counts.unexpected} failed, ` +
        `${counts.flaky} flaky, ${counts.skipped} skipped in ${seconds} s ` +
        `(Chromium ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}, axe WCAG 2.2 AA, ${app})`,
    );
  }

  private printDurations(): void {
    const tests = [...this.durations.values()];
    if (tests.length === 0) return;
    const bySpec = new Map<string, { ms: number; tests: number }>();
    for (const t of tests) {
      const spec = bySpec.get(t.spec) ?? { ms: 0, tests: 0 };
      bySpec.set(t.spec, { ms: spec.ms + t.ms, tests: spec.tests + 1 });
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log('\nTime by spec (tests added, in parallel workers):');
    for (const [spec, { ms, tests: n }] of [...bySpec].sort((a, b) => b[1].ms - a[1].ms))
      console.log(`  ${s(ms).padStart(8)}  ${spec} (${n} ${n === 1 ? 'test' : 'tests'})`);
    console.log(`Slowest ${Math.min(SLOWEST, tests.length)} tests:`);
    for (const t of tests.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST))
      console.log(`  ${s(t.ms).padStart(8)}  ${t.spec} > ${t.title}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
