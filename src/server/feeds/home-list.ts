import { z } from 'zod';
import type { Cursor } from '../common/bookmark.ts';
import type { Deps } from '../deps.ts';
import type { HomeEntry, HomeReason } from './home-mix.ts';

/**
 * A reader's ranked home list, kept between pages in the cache port (memory when embedded, Redis
 * across nodes) under the reader and the list's token, so every node pages the same list: page 2
 * never repeats page 1 even when new saves arrive in between. `next` says where each source that
 * can go on (older saves of follows, older popular pins) continues; null when it ran out.
 */
export type HomeList = { token: string; entries: HomeEntry[]; next: SourceCursors };
export type SourceCursors = { users: Cursor | null; boards: Cursor | null; popular: number | null };

/** Kept this long after its last page: a reader who comes back later gets a fresh feed anyway. */
export const LIST_TTL_MS = 30 * 60_000;
/**
 * Entries a list grows to at most (80 pages of 25): about 110 KB stored. Past it the feed ends;
 * a refresh starts a new list.
 */
export const LIST_MAX = 2000;

const REASONS = ['followed_user', 'followed_board', 'followed_interest', 'saved_pin', 'popular'] as const satisfies readonly HomeReason[];
const Id = z.string().regex(/^\d{1,20}$/);
const Stored = z.object({
  // [pin id, reason, what the reason names, the picture's short signature (home-sources.ts)]
  e: z
    .array(
      z.tuple([
        Id,
        z
          .number()
          .int()
          .min(0)
          .max(REASONS.length - 1),
        Id,
        z.string().max(8).nullable(),
      ]),
    )
    .max(LIST_MAX),
  n: z.object({
    users: z.tuple([z.number(), Id]).nullable(),
    boards: z.tuple([z.number(), Id]).nullable(),
    popular: z.number().int().min(0).nullable(),
  }),
});

export function listKey(readerId: string, token: string): string {
  return `corkboard:home:${readerId}:${token}`;
}

export function serializeList(list: HomeList): string {
  const cursor = (c: Cursor | null) => (c === null ? null : [Number(c.key), c.id]);
  return JSON.stringify({
    e: list.entries.map((e) => [e.pinId, REASONS.indexOf(e.reason), e.ref, e.signature]),
    n: { users: cursor(list.next.users), boards: cursor(list.next.boards), popular: list.next.popular },
  });
}

/** The list stored under `token`, or null when it is not there or not readable (rebuilt then). */
export function parseList(token: string, text: string | null): HomeList | null {
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const stored = Stored.safeParse(json);
  if (!stored.success) return null;
  const cursor = (c: [number, string] | null): Cursor | null => (c === null ? null : { key: c[0], id: c[1] });
  return {
    token,
    entries: stored.data.e.map(([pinId, reason, ref, signature]) => ({ pinId, reason: REASONS[reason] ?? 'popular', ref, signature })),
    next: { users: cursor(stored.data.n.users), boards: cursor(stored.data.n.boards), popular: stored.data.n.popular },
  };
}

export async function loadList(deps: Pick<Deps, 'ports'>, readerId: string, token: string): Promise<HomeList | null> {
  return parseList(token, await deps.ports.cache.get(listKey(readerId, token)));
}

export async function storeList(deps: Pick<Deps, 'ports'>, readerId: string, list: HomeList): Promise<void> {
  await deps.ports.cache.set(listKey(readerId, list.token), serializeList(list), LIST_TTL_MS);
}

/** More can come: a source still goes on and the list has room. */
export function canGrow(list: HomeList): boolean {
  const { users, boards, popular } = list.next;
  return list.entries.length < LIST_MAX && (users !== null || boards !== null || popular !== null);
}
