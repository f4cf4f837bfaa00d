/**
 * The signed-out home's mix (docs/decisions/0038-landing-pins.md): pins ranked by saves and
 * freshness, dealt out topic by topic so that no one topic fills the first screen. Each pin joins
 * the least filled of its topics (pins of no topic form one group of their own); the groups take
 * turns in the order of their best pin, each giving its best pin left.
 */
export function mixByTopic(rankedIds: readonly string[], topicsOf: ReadonlyMap<string, readonly string[]>, count: number): string[] {
  const groups = new Map<string, string[]>();
  for (const id of rankedIds) {
    const topics = topicsOf.get(id) ?? [];
    const key = topics.length === 0 ? '' : leastFilled(topics, groups);
    const group = groups.get(key);
    if (group) group.push(id);
    else groups.set(key, [id]);
  }
  const queues = [...groups.values()];
  const mixed: string[] = [];
  for (let turn = 0; mixed.length < count && queues.some((q) => q.length > turn); turn++) {
    for (const queue of queues) {
      const id = queue[turn];
      if (id !== undefined && mixed.length < count) mixed.push(id);
    }
  }
  return mixed;
}

function leastFilled(topics: readonly string[], groups: ReadonlyMap<string, readonly string[]>): string {
  let best = topics[0] ?? '';
  for (const topic of topics) if ((groups.get(topic)?.length ?? 0) < (groups.get(best)?.length ?? 0)) best = topic;
  return best;
}
