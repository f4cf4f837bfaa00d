import type { Db } from '../db/database.ts';
import type { SearchScope } from '../../shared/constants.ts';
import type { RecentList, RecentSearch } from './recent-searches.ts';

/** Members' recent searches as stored: one row per list and query (compared by `query_key`). */

/** A member's list, newest first, at most `limit`. */
export async function recentSearchesOf(db: Db, userId: string, list: RecentList, limit: number): Promise<RecentSearch[]> {
  const rows = await db
    .selectFrom('recent_searches')
    .select(['query', 'scope', 'searched_at'])
    .where('user_id', '=', userId)
    .where('list', '=', list)
    .orderBy('searched_at', 'desc')
    .orderBy('query_key')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ query: r.query, scope: r.scope as SearchScope, searched_at: r.searched_at }));
}

export async function deleteRecentSearches(db: Db, userId: string, list: RecentList, queryKeys: readonly string[]): Promise<void> {
  if (queryKeys.length === 0) return;
  await db
    .deleteFrom('recent_searches')
    .where('user_id', '=', userId)
    .where('list', '=', list)
    .where('query_key', 'in', [...queryKeys])
    .execute();
}

export type RecentSearchRow = { user_id: string; list: RecentList; query_key: string; query: string; scope: SearchScope; searched_at: number };

/** Writes a search into its list, or moves it to its new time. */
export async function upsertRecentSearch(db: Db, row: RecentSearchRow): Promise<void> {
  await db
    .insertInto('recent_searches')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'list', 'query_key']).doUpdateSet({ query: row.query, scope: row.scope, searched_at: row.searched_at }))
    .execute();
}

export async function deleteAllRecentSearches(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('recent_searches').where('user_id', '=', userId).execute();
}
