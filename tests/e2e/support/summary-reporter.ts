import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints one plain closing line, `e2e: N passed, N failed[, N skipped]`, after the list reporter's
 * own summary, so that CI logs (and tools that read the last line) see the outcome unambiguously.
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, TestResult['status']>();

  onTestEnd(test: TestCase, result: TestResult): void {
    // With retries the last result counts; with retries: 0 there is exactly one.
    this.outcomes.set(test.id, result.status);
  }

  onEnd(result: FullResult): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const status of this.outcomes.values()) {
      if (status === 'passed') passed++;
      else if (status === 'skipped') skipped++;
      else failed++;
    }
    // A run that failed before any test (webServer did not start, config error) is a failure too.
    if (result.status !== 'passed' && failed === 0) failed = 1;
    const tail = skipped ? `, ${skipped} skipped` : '';
    console.log(`\ne2e: ${passed} passed, ${failed} failed${tail}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
