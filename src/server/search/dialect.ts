import { PostgresAdapter } from 'kysely';
import type { Db } from '../db/database.ts';

/** Whether `db` (or a transaction of it) talks to PostgreSQL: row locks matter only there. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
