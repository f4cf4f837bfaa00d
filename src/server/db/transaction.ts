import { SqliteAdapter } from 'kysely';
import { inCommitGroup, type Work } from './commit-group.ts';
import type { Db } from './database.ts';

const ATTEMPTS = 3;

/**
 * Whether a failed transaction may simply run again: a PostgreSQL deadlock or serialization
 * failure, or a unique constraint that a concurrent writer won (the retry reads its row and takes
 * the path for "already there": an existing save, a taken slug, an existing follow).
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (code === '40P01' || code === '40001' || code === '23505') return true;
  return /UNIQUE constraint failed/.test(error.message);
}

/**
 * Runs `work` in one transaction, again (up to three times in all) when it lost a race. On
 * SQLite the transaction shares its commit with those that arrive meanwhile (./commit-group.ts).
 */
export async function transact<T>(db: Db, work: Work<T>): Promise<T> {
  if (serializesWriters(db)) return inCommitGroup(db, work, { attempts: ATTEMPTS, retryable: isRetryable });
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}

/**
 * Takes a board's row lock (on PostgreSQL; SQLite has one writer anyway) without changing it, so
 * what the transaction reads next (the board's pin count, its saves) is the latest committed state
 * and stays so until it commits: a count derived from a read cannot miss a concurrent save.
 */
export async function lockBoard(db: Db, boardId: string): Promise<void> {
  if (serializesWriters(db)) return;
  await db
    .updateTable('boards')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', boardId)
    .execute();
}

/** The same for a pin: its deletion and a new save of it happen one after the other. */
export async function lockPin(db: Db, pinId: string): Promise<void> {
  if (serializesWriters(db)) return;
  await db
    .updateTable('pins')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', pinId)
    .execute();
}

/** SQLite runs one write transaction at a time (our driver holds one connection): no row lock needed. */
function serializesWriters(db: Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}
