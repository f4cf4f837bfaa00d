import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A test fails if it logs an error it did not expect. Tests that expect one call
 * `expectLoggedError()` before the code that logs it.
 */
let expected = 0;
let logged: unknown[][] = [];

export function expectLoggedError(count = 1): void {
  expected += count;
}

beforeEach(() => {
  expected = 0;
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (logged.length > expected) {
    throw new Error(`Unexpected console.error:\n${logged.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
