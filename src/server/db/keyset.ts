import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Cursor } from '../common/bookmark.ts';

/** Rows after the cursor in the order (key, id) descending or ascending. */
export function afterCursor(key: RawBuilder<unknown>, id: RawBuilder<unknown>, cursor: Cursor, direction: 'asc' | 'desc'): RawBuilder<SqlBool> {
  const op = sql.raw(direction === 'desc' ? '<' : '>');
  return sql<SqlBool>`(${key} ${op} ${cursor.key} or (${key} = ${cursor.key} and ${id} ${op} ${cursor.id}))`;
}
