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
