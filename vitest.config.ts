import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './tests/support/summary-reporter.ts';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', new SummaryReporter()],
    setupFiles: ['tests/support/fail-on-unexpected-errors.ts'],
  },
});
