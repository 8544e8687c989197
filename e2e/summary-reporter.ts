import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints one line at the end that says what ran and how it went, e.g. "E2E: 6 passed, 0 failed ...". */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, ReturnType<TestCase['outcome']>>();

  private readonly notRun = new Map<string, string>();

  onTestEnd(test: TestCase, _result: TestResult): void {
    this.outcomes.set(test.id, test.outcome());
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
    console.log(
      `\nE2E ${result.status === 'passed' ? 'PASSED' : 'FAILED'}: ${counts.expected} passed, ${counts.unexpected} failed, ` +
        `${counts.flaky} flaky, ${counts.skipped} skipped in ${seconds} s ` +
        `(Chromium ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}, axe WCAG 2.2 AA, ${app})`,
    );
  }

  printsToStdio(): boolean {
    return false;
  }
}
