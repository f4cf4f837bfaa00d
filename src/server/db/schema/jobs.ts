import type { Generated } from 'kysely';

// The job queue's table (migration 0001): jobs are recorded in the transaction of the change that asks for them.

export type JobsTable = {
  id: Generated<number>;
  type: string;
  payload: string;
  dedupe_key: string | null;
  run_at: number;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  done_at: number | null;
  created_at: number;
};
