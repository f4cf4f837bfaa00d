import { compareIds } from '../common/compare-ids.ts';
import type { HomeRecommendationReason } from '../../shared/contracts/feeds.ts';

/**
 * The mixing rules of the home feed (docs/decisions/0022-home-feed.md), pure so that each is
 * tested on its own. Sources propose candidates; the mix interleaves them in a fixed pattern,
 * keeps each pin (and each picture) once, and leaves out what the reader made or already saved.
 */

export type HomeReason = HomeRecommendationReason['reason'];
export type PersonalReason = Exclude<HomeReason, 'popular'>;

/**
 * A pin a source proposes and what its reason names: the followed person, board or topic, the
 * reader's save the walk started from; a popular pin names itself.
 */
export type Candidate = { pinId: string; reason: HomeReason; ref: string };

/** What the mix must know of a candidate; a candidate without facts (deleted, unknown) is left out. */
export type CandidateFacts = { creatorId: string; signature: string | null; onReaderBoard: boolean };

/** A place in the reader's ranked list: the candidate and its picture, so later additions dedupe against it. */
export type HomeEntry = Candidate & { signature: string | null };

/**
 * One round of the interleave: walks from the reader's saves alternate with follows, a followed
 * topic every fifth item. A source with nothing left gives its slots to the others; popular pins
 * come only after every personal source has run dry.
 */
export const MIX_PATTERN: readonly PersonalReason[] = ['saved_pin', 'followed_user', 'saved_pin', 'followed_board', 'followed_interest'];

export type MixInput = {
  readerId: string;
  sources: Partial<Record<HomeReason, readonly Candidate[]>>;
  facts: ReadonlyMap<string, CandidateFacts>;
  /**
   * The list's token (an id, so a time): pins made after it are left out, so a list rebuilt later
   * from the same token (another node, an expired copy) holds what the first one could hold.
   */
  token: string;
  /** Entries already in the list: nothing repeats them, by pin or by picture. */
  after?: readonly HomeEntry[];
};

/** The new entries, in feed order. */
export function mixHome(input: MixInput): HomeEntry[] {
  const ids = new Set((input.after ?? []).map((e) => e.pinId));
  const signatures = new Set((input.after ?? []).flatMap((e) => (e.signature === null ? [] : [e.signature])));
  const out: HomeEntry[] = [];
  const accept = (candidate: Candidate): boolean => {
    const facts = input.facts.get(candidate.pinId);
    if (!facts || facts.creatorId === input.readerId || facts.onReaderBoard) return false;
    if (compareIds(candidate.pinId, input.token) > 0 || ids.has(candidate.pinId)) return false;
    if (facts.signature !== null && signatures.has(facts.signature)) return false;
    ids.add(candidate.pinId);
    if (facts.signature !== null) signatures.add(facts.signature);
    out.push({ ...candidate, signature: facts.signature });
    return true;
  };
  const queues = new Map(MIX_PATTERN.map((reason) => [reason, { items: input.sources[reason] ?? [], at: 0 }]));
  const open = () => [...queues.values()].some((q) => q.at < q.items.length);
  while (open()) {
    for (const reason of MIX_PATTERN) {
      const queue = queues.get(reason);
      if (!queue) continue;
      // The slot goes to the source's next candidate that survives the rules.
      while (queue.at < queue.items.length) {
        const next = queue.items[queue.at++];
        if (next && accept(next)) break;
      }
    }
  }
  for (const candidate of input.sources.popular ?? []) accept(candidate);
  return out;
}

/** Several lists merged one item of each in turn (the followed topics share one source). */
export function roundRobin<T>(lists: readonly (readonly T[])[]): T[] {
  const out: T[] = [];
  const longest = lists.reduce((max, list) => Math.max(max, list.length), 0);
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) out.push(list[i] as T);
  return out;
}

/**
 * Popular pins of a window of the newest: the most saved first, the newer of equals first
 * (`pins` comes newest first).
 */
export function rankPopular(pins: readonly { pinId: string; saves: number }[]): Candidate[] {
  return pins
    .map((pin, age) => ({ ...pin, age }))
    .sort((a, b) => b.saves - a.saves || a.age - b.age)
    .map((pin) => ({ pinId: pin.pinId, reason: 'popular', ref: pin.pinId }));
}

/** How much each of the reader's recent saves weighs as a walk's query: the newest most. */
export const SEED_DECAY = 0.9;

export function seedWeights(pinIds: readonly string[]): { pinId: string; weight: number }[] {
  return pinIds.map((pinId, i) => ({ pinId, weight: SEED_DECAY ** i }));
}

/**
 * The save a walked pin is credited to: the newest seed on the board the walk reached it through
 * (a pin one hop from a seed shares a board with it), else the newest seed. Telling exactly which
 * seed's walk visited it most would need visit counts per query; this costs nothing.
 */
export function creditedSeed(seedsOfBoard: ReadonlyMap<string, string>, viaBoardId: string, newestSeed: string): string {
  return seedsOfBoard.get(viaBoardId) ?? newestSeed;
}

/**
 * Where the next page starts in a list: after the bookmark's last pin where the list has it (a
 * rebuilt list may have moved it), else at the bookmark's position.
 */
export function resumeAt(entries: readonly Pick<HomeEntry, 'pinId'>[], offset: number, lastId: string): number {
  if (offset > 0 && entries[offset - 1]?.pinId === lastId) return offset;
  const at = entries.findIndex((e) => e.pinId === lastId);
  return at >= 0 ? at + 1 : Math.min(offset, entries.length);
}
