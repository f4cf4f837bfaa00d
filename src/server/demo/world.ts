import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import type { DemoPlan } from './plan.ts';
import { itemAt } from './random.ts';

/** What the runner's steps share: the plan, the ids made so far, and a way to stop between steps. */
export type World = {
  deps: Deps;
  plan: DemoPlan;
  signal: AbortSignal | undefined;
  /** Database ids by plan index. */
  members: string[];
  boards: string[];
  sections: string[][];
  pins: string[];
  topics: Map<string, string>;
};

export class DemoStopped extends Error {
  constructor() {
    super('The demo world generation was stopped');
  }
}

/** Called between service calls: shutdown stops the generator there, never inside a transaction. */
export function checkpoint(world: World): void {
  if (world.signal?.aborted) throw new DemoStopped();
}

/**
 * The actor of a demo member: the generator acts as each member would from a signed-in browser.
 * The services only read the user id and the actor kind from it; no session row is needed.
 */
export function actorOf(world: World, member: number): Actor {
  return { kind: 'member', userId: itemAt(world.members, member), sessionIdHash: 'demo-world', limitedLogin: false, expiresAt: Number.MAX_SAFE_INTEGER };
}

/**
 * Runs `work` over `items` with up to `ahead` calls in flight, handing results back in order, so
 * pictures are painted and processed side by side while pins are still made in plan order.
 */
export async function* inOrder<T, R>(items: readonly T[], ahead: number, work: (item: T, index: number) => Promise<R>): AsyncGenerator<R> {
  const pending: Promise<R>[] = [];
  let next = 0;
  const launch = () => {
    const index = next++;
    const promise = work(itemAt(items, index), index);
    // Awaited in turn below; this only keeps a failure that arrives early from being "unhandled".
    promise.catch(() => undefined);
    pending.push(promise);
  };
  try {
    while (next < items.length && pending.length < ahead) launch();
    while (pending.length > 0) {
      const result = await (pending.shift() as Promise<R>);
      if (next < items.length) launch();
      yield result;
    }
  } finally {
    // A consumer that stops early (shutdown, a failure) still waits for the calls in flight.
    await Promise.allSettled(pending);
  }
}
