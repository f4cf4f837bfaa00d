import type { FastifyBaseLogger } from 'fastify';
import { idTime } from '../db/ids.ts';
import type { Deps } from '../deps.ts';
import { parseList, serializeList, type HomeList } from './home-list.ts';
import { followsMovedSince } from './home-sources.repo.ts';

/**
 * The reader's next home list, built in the background a little after each visit and kept in the
 * cache port (docs/decisions/0030-next-home-list.md): coming back, the first page is served from
 * it instead of building a list while the reader waits (a tenth of a second and more for a reader
 * following people with thousands of saves). It is taken once, and only while what it read of
 * the reader's follows is still all there is: a save by someone they follow or to a board they
 * follow, a new follow or a save of their own since it was built means a fresh build instead.
 * Its popular pins and topics' pins may be up to NEXT_LIST_MAX_AGE_MS old.
 */
export const NEXT_LIST_DELAY_MS = 2_000;
export const NEXT_LIST_MAX_AGE_MS = 10 * 60_000;

export function nextListKey(readerId: string): string {
  return `corkboard:home-next:${readerId}`;
}

const TOKEN = /^\d{1,20}$/;

export function serializeNextList(list: HomeList): string {
  return `${list.token} ${serializeList(list)}`;
}

export function parseNextList(text: string): HomeList | null {
  const space = text.indexOf(' ');
  const token = text.slice(0, space);
  return space > 0 && TOKEN.test(token) ? parseList(token, text.slice(space + 1)) : null;
}

/** The prebuilt list, taken out of the cache, when it may still be served; else null (build one). */
export async function takeNextList(deps: Deps, readerId: string): Promise<HomeList | null> {
  const key = nextListKey(readerId);
  const text = await deps.ports.cache.get(key);
  if (text === null) return null;
  await deps.ports.cache.delete(key);
  const list = parseNextList(text);
  const builtAt = list ? idTime(list.token) : 0;
  if (!list || Date.now() - builtAt > NEXT_LIST_MAX_AGE_MS) return null;
  // Unfollows and blocks need no check: each page asks the reasons and the pin policy again.
  return (await followsMovedSince(deps.db, readerId, builtAt)) ? null : list;
}

/**
 * One process's pending builds: one per reader, started NEXT_LIST_DELAY_MS after their visit, when
 * the page and its pictures have been served, so the build does not hold them up.
 */
export class NextLists {
  private readonly pending = new Map<string, { timer: NodeJS.Timeout; run: () => Promise<void> }>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  private readonly log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.log = log;
  }

  schedule(readerId: string, build: () => Promise<void>): void {
    if (this.closed || this.pending.has(readerId)) return;
    const run = (): Promise<void> => {
      this.pending.delete(readerId);
      const done: Promise<void> = build()
        .catch((error: unknown) => {
          this.log.warn({ err: error }, 'the next home list could not be built; the next visit builds one');
        })
        .finally(() => this.running.delete(done));
      this.running.add(done);
      return done;
    };
    const timer = setTimeout(() => void run(), NEXT_LIST_DELAY_MS);
    timer.unref();
    this.pending.set(readerId, { timer, run });
  }

  /** Runs the pending builds now and waits for every build (tests and benchmarks). */
  async settle(): Promise<void> {
    const started = [...this.pending.values()].map(({ timer, run }) => {
      clearTimeout(timer);
      return run();
    });
    await Promise.all([...started, ...this.running]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    await Promise.all(this.running);
  }
}

/** Has `build` make the reader's next list a little later, and keeps it for their next visit. */
export function scheduleNextList(deps: Deps, readerId: string, build: () => Promise<HomeList>): void {
  deps.replicas.nextLists.schedule(readerId, async () => {
    await deps.ports.cache.set(nextListKey(readerId), serializeNextList(await build()), NEXT_LIST_MAX_AGE_MS);
  });
}
