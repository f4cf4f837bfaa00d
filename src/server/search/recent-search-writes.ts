/**
 * This node's writes to members' recent searches, in the order they were asked, per member. A
 * search is remembered after its answer, so that the page does not wait for a commit (decision
 * 0026); reading or changing a member's lists first waits for what this node has under way for
 * them, so they see their own search at once. A crash can lose the last search or two; nothing
 * else depends on them. Held in Deps (deps.replicas.recentSearches), made with the server.
 */
export type RecentSearchWrites = {
  /** Runs `work` after the member's writes under way; its failure does not stop the next one. */
  inTurn<T>(userId: string, work: () => Promise<T>): Promise<T>;
  /** Resolves once the writes under way for the member, or everyone's, are done (or failed). */
  settled(userId?: string): Promise<void>;
};

export function createRecentSearchWrites(): RecentSearchWrites {
  const underWay = new Map<string, Promise<unknown>>();
  return {
    inTurn(userId, work) {
      const done = (underWay.get(userId) ?? Promise.resolve()).then(work);
      const settled = done.catch(() => undefined);
      underWay.set(userId, settled);
      void settled.then(() => {
        if (underWay.get(userId) === settled) underWay.delete(userId);
      });
      return done;
    },
    async settled(userId) {
      if (userId !== undefined) await underWay.get(userId);
      else await Promise.all([...underWay.values()]);
    },
  };
}
