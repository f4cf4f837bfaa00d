import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with the plain line 'N passed, N failed, N skipped', which CI reads whatever the
 * test runner (Vitest's own summary is not in a form it recognises).
 */
export class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) counts[test.result().state] += 1;
    }
    process.stdout.write(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped + counts.pending} skipped\n`);
  }
}
