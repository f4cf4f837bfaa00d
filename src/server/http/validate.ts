import type { z } from 'zod';
import { AppError } from '../errors.ts';

/** Validates untrusted input; a failure becomes a 400 naming the first bad field. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new AppError('bad_request', `${where}${issue?.message ?? 'invalid input'}`);
}

/**
 * An answer that does not match its contract is our bug, not the caller's: in tests (config
 * checkAnswers) it fails the request with a 500 and a logged error naming the call and the field.
 */
export function checkAnswer(schema: z.ZodType, answer: unknown, call: string): void {
  const result = schema.safeParse(answer);
  if (result.success) return;
  const issue = result.error.issues[0];
  throw new Error(`The answer of ${call} breaks its contract at ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
}

/** True when any string inside `value` (objects and arrays included) holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  const items: unknown[] = Array.isArray(value) ? value : Object.entries(value).flat();
  return items.some((item) => containsNul(item, depth + 1));
}

/**
 * PostgreSQL cannot store NUL in text, and no field of ours has a use for it: refuse it at the
 * edge for every route, so no area can forget and answer a 500.
 */
export function refuseNul(value: unknown): void {
  if (containsNul(value)) throw new AppError('bad_request', 'Text may not contain NUL characters.');
}
