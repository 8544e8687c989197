import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints one line at the end that says what ran and how it went, e.g. "E2E: 6 passed, 0 failed ...". */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, ReturnType<TestCase['outcome']>>();
  private readonly failedTitles: string[] = [];

  onTestEnd(test: TestCase, _result: TestResult): void {
    this.outcomes.set(test.id, test.outcome());
  }

  onEnd(result: FullResult): void {
    const counts = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
    for (const outcome of this.outcomes.values()) counts[outcome] += 1;
    const seconds = (result.duration / 1000).toFixed(1);
    const app = process.env.E2E_BASE_URL ?? 'the app';
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
