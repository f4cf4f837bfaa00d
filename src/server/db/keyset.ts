import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Cursor } from '../common/bookmark.ts';

/**
 * Rows after the cursor in the order (key, id) descending or ascending. The first bound says
 * again what the disjunction implies: it lets SQLite and PostgreSQL start an index range at the
 * cursor's key, so a deep page reads what the first does instead of every row before it.
 */
export function afterCursor(key: RawBuilder<unknown>, id: RawBuilder<unknown>, cursor: Cursor, direction: 'asc' | 'desc'): RawBuilder<SqlBool> {
  const op = sql.raw(direction === 'desc' ? '<' : '>');
  const bound = sql.raw(direction === 'desc' ? '<=' : '>=');
  return sql<SqlBool>`(${key} ${bound} ${cursor.key} and (${key} ${op} ${cursor.key} or (${key} = ${cursor.key} and ${id} ${op} ${cursor.id})))`;
}
