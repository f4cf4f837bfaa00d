import { transact } from '../db/transaction.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { SearchScope } from '../../shared/constants.ts';
import { forgetSearch, recentKey, recentListOf, rememberSearch, RECENT_SEARCHES_MAX, type RecentList, type RecentSearch } from './recent-searches.ts';

/**
 * Changes to one member's lists, in the order they were asked, per database. A search is
 * remembered after its answer, so that the page does not wait for a commit (decision 0026);
 * reading or changing the lists first waits for what this node has under way, so the member sees
 * their own search at once. A crash can lose the last search or two; nothing else depends on them.
 */
const underWay = new WeakMap<Db, Map<string, Promise<unknown>>>();

function inTurn<T>(db: Db, userId: string, work: () => Promise<T>): Promise<T> {
  let members = underWay.get(db);
  if (!members) {
    members = new Map();
    underWay.set(db, members);
  }
  const done = (members.get(userId) ?? Promise.resolve()).then(work);
  const settled = done.catch(() => undefined);
  members.set(userId, settled);
  void settled.then(() => {
    if (members.get(userId) === settled) members.delete(userId);
  });
  return done;
}

/** Resolves once the changes this node has under way to the member's lists, or everyone's, are written (or failed). */
export async function recentSearchesSettled(db: Db, userId?: string): Promise<void> {
  const members = underWay.get(db);
  if (userId !== undefined) await members?.get(userId);
  else await Promise.all([...(members?.values() ?? [])]);
}

/** A member's recent searches, stored by the rules of recent-searches.ts (newest first, 20 per list). */
export async function loadRecentSearches(db: Db, userId: string, list: RecentList): Promise<RecentSearch[]> {
  await recentSearchesSettled(db, userId);
  return readList(db, userId, list);
}

async function readList(db: Db, userId: string, list: RecentList): Promise<RecentSearch[]> {
  const rows = await db
    .selectFrom('recent_searches')
    .select(['query', 'scope', 'searched_at'])
    .where('user_id', '=', userId)
    .where('list', '=', list)
    .orderBy('searched_at', 'desc')
    .orderBy('query_key')
    .limit(RECENT_SEARCHES_MAX)
    .execute();
  return rows.map((r) => ({ query: r.query, scope: r.scope as SearchScope, searched_at: r.searched_at }));
}

/** Both lists, newest first. */
export async function loadAllRecentSearches(db: Db, userId: string): Promise<RecentSearch[]> {
  const [recent, personal] = await Promise.all([loadRecentSearches(db, userId, 'recent'), loadRecentSearches(db, userId, 'personal')]);
  return [...recent, ...personal].sort((a, b) => b.searched_at - a.searched_at);
}

/** Writes `next` over `before`: the entries that fell off go, the first (the new search) is upserted. */
async function store(db: Db, userId: string, list: RecentList, before: readonly RecentSearch[], next: readonly RecentSearch[]): Promise<void> {
  const kept = new Set(next.map((s) => recentKey(s.query)));
  const dropped = before.map((s) => recentKey(s.query)).filter((key) => !kept.has(key));
  if (dropped.length > 0)
    await db.deleteFrom('recent_searches').where('user_id', '=', userId).where('list', '=', list).where('query_key', 'in', dropped).execute();
  const first = next[0];
  if (!first || before.some((s) => s === first)) return;
  const row = { user_id: userId, list, query_key: recentKey(first.query), query: first.query, scope: first.scope, searched_at: first.searched_at };
  await db
    .insertInto('recent_searches')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'list', 'query_key']).doUpdateSet({ query: row.query, scope: row.scope, searched_at: row.searched_at }))
    .execute();
}

/** Remembers a member's search once the answer is on its way; a failure is logged, never shown. */
export function recordSearch(deps: Pick<Deps, 'db' | 'log'>, userId: string, query: string, scope: SearchScope, now: number): void {
  const { db } = deps;
  const list = recentListOf(scope);
  inTurn(db, userId, async () => {
    // After the answer is written out: SQLite's statements run on this thread.
    await new Promise((resolve) => setImmediate(resolve));
    // The same search again (paging back to it, a reload) changes nothing worth a durable write.
    const latest = (await readList(db, userId, list))[0];
    if (latest && latest.query === query.trim() && latest.scope === scope) return;
    await transact(db, async (trx) => {
      const before = await readList(trx, userId, list);
      await store(trx, userId, list, before, rememberSearch(before, { query, scope, searched_at: now }));
    });
  }).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'Could not remember a recent search');
  });
}

/** Removes a query from both lists; answers whether it was there. */
export async function removeRecentSearch(db: Db, userId: string, query: string): Promise<boolean> {
  return inTurn(db, userId, () =>
    transact(db, async (trx) => {
      let removed = false;
      for (const list of ['recent', 'personal'] as const) {
        const before = await readList(trx, userId, list);
        const next = forgetSearch(before, query);
        removed ||= next.length < before.length;
        await store(trx, userId, list, before, next);
      }
      return removed;
    }),
  );
}

export async function clearRecentSearches(db: Db, userId: string): Promise<void> {
  await inTurn(db, userId, () => db.deleteFrom('recent_searches').where('user_id', '=', userId).execute());
}
