import type { Actor } from '../access/actor.ts';
import { requireSignedIn } from '../access/authorized.ts';
import { transact } from '../db/transaction.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { SearchScope } from '../../shared/constants.ts';
import { forgetSearch, recentKey, recentListOf, rememberSearch, RECENT_SEARCHES_MAX, type RecentList, type RecentSearch } from './recent-searches.ts';
import { deleteAllRecentSearches, deleteRecentSearches, recentSearchesOf, upsertRecentSearch } from './recent-searches.repo.ts';

/**
 * A member's recent searches, kept by the rules of recent-searches.ts (newest first, 20 per
 * list). Bookkeeping of one member's own: no event. Writes go through this node's queue
 * (recent-search-writes.ts), so reads wait for the member's own writes under way.
 */

type RecentDeps = Pick<Deps, 'db' | 'log' | 'replicas'>;

/** A member's list, after the writes under way for them. */
export async function loadRecentSearches(deps: RecentDeps, userId: string, list: RecentList): Promise<RecentSearch[]> {
  await deps.replicas.recentSearches.settled(userId);
  return recentSearchesOf(deps.db, userId, list, RECENT_SEARCHES_MAX);
}

/** Both lists, newest first. */
export async function loadAllRecentSearches(deps: RecentDeps, userId: string): Promise<RecentSearch[]> {
  const [recent, personal] = await Promise.all([loadRecentSearches(deps, userId, 'recent'), loadRecentSearches(deps, userId, 'personal')]);
  return [...recent, ...personal].sort((a, b) => b.searched_at - a.searched_at);
}

/** Writes `next` over `before`: the entries that fell off go, the first (the new search) is upserted. */
async function store(db: Db, userId: string, list: RecentList, before: readonly RecentSearch[], next: readonly RecentSearch[]): Promise<void> {
  const kept = new Set(next.map((s) => recentKey(s.query)));
  await deleteRecentSearches(
    db,
    userId,
    list,
    before.map((s) => recentKey(s.query)).filter((key) => !kept.has(key)),
  );
  const first = next[0];
  if (!first || before.some((s) => s === first)) return;
  await upsertRecentSearch(db, {
    user_id: userId,
    list,
    query_key: recentKey(first.query),
    query: first.query,
    scope: first.scope,
    searched_at: first.searched_at,
  });
}

/** Remembers a member's search once the answer is on its way; a failure is logged, never shown. */
export function recordSearch(deps: RecentDeps, userId: string, query: string, scope: SearchScope, now: number): void {
  const { db } = deps;
  const list = recentListOf(scope);
  deps.replicas.recentSearches
    .inTurn(userId, async () => {
      // After the answer is written out: SQLite's statements run on this thread.
      await new Promise((resolve) => setImmediate(resolve));
      // The same search again (paging back to it, a reload) changes nothing worth a durable write.
      const latest = (await recentSearchesOf(db, userId, list, RECENT_SEARCHES_MAX))[0];
      if (latest && latest.query === query.trim() && latest.scope === scope) return;
      await transact(db, async (trx) => {
        const before = await recentSearchesOf(trx, userId, list, RECENT_SEARCHES_MAX);
        await store(trx, userId, list, before, rememberSearch(before, { query, scope, searched_at: now }));
      });
    })
    .catch((error: unknown) => {
      deps.log.warn({ err: error }, 'Could not remember a recent search');
    });
}

/**
 * AdvancedTypeaheadResource delete: {term} removes one of the caller's recent searches (compared
 * trimmed and ignoring case) from both lists, answering whether it was there; {clear_all} all.
 */
export async function forgetRecentSearches(deps: RecentDeps, actor: Actor, removal: { term?: string | undefined }): Promise<{ removed: boolean }> {
  const { userId } = requireSignedIn(actor);
  const { term } = removal;
  if (term === undefined) {
    await deps.replicas.recentSearches.inTurn(userId, () => deleteAllRecentSearches(deps.db, userId));
    return { removed: true };
  }
  return { removed: await removeRecentSearch(deps, userId, term) };
}

async function removeRecentSearch(deps: RecentDeps, userId: string, query: string): Promise<boolean> {
  return deps.replicas.recentSearches.inTurn(userId, () =>
    transact(deps.db, async (trx) => {
      let removed = false;
      for (const list of ['recent', 'personal'] as const) {
        const before = await recentSearchesOf(trx, userId, list, RECENT_SEARCHES_MAX);
        const next = forgetSearch(before, query);
        removed ||= next.length < before.length;
        await store(trx, userId, list, before, next);
      }
      return removed;
    }),
  );
}
