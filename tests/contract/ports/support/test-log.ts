import type { PortLog } from '../../../../src/server/ports/ports.ts';

export type TestLog = PortLog & { warnings: string[]; errors: string[] };

/** Collects what a port logs, so a test can say which failures it expected. */
export function createTestLog(): TestLog {
  const warnings: string[] = [];
  const errors: string[] = [];
  const text = (args: unknown[]) => args.filter((a) => typeof a === 'string').join(' ');
  return {
    warnings,
    errors,
    warn: (...args: unknown[]) => {
      warnings.push(text(args));
    },
    error: (...args: unknown[]) => {
      errors.push(text(args));
    },
  };
}
