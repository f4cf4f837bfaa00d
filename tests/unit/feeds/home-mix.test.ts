import { describe, expect, it } from 'vitest';
import {
  creditedSeed,
  MIX_PATTERN,
  mixHome,
  rankPopular,
  resumeAt,
  roundRobin,
  seedWeights,
  type Candidate,
  type CandidateFacts,
  type HomeEntry,
  type HomeReason,
  type MixInput,
} from '../../../src/server/feeds/home-mix.ts';

const READER = '42';
const TOKEN = '999999999999';

/** `count` candidates of a source with ids from `first` on. */
function source(reason: HomeReason, first: number, count: number): Candidate[] {
  return Array.from({ length: count }, (_, i) => ({ pinId: String(first + i), reason, ref: `${first}` }));
}

/** Facts for every candidate: made by someone else, a picture of its own, not saved by the reader. */
function factsOf(sources: MixInput['sources'], over: Record<string, Partial<CandidateFacts>> = {}): Map<string, CandidateFacts> {
  const ids = Object.values(sources).flatMap((list) => list.map((c) => c.pinId));
  return new Map(ids.map((id) => [id, { creatorId: '7', signature: `sig${id}`, onReaderBoard: false, ...over[id] }]));
}

function mix(sources: MixInput['sources'], over: Record<string, Partial<CandidateFacts>> = {}, after: HomeEntry[] = []): HomeEntry[] {
  return mixHome({ readerId: READER, sources, facts: factsOf({ ...sources, popular: [...(sources.popular ?? []), ...after] }, over), token: TOKEN, after });
}

const all = () => ({
  saved_pin: source('saved_pin', 100, 10),
  followed_user: source('followed_user', 200, 10),
  followed_board: source('followed_board', 300, 10),
  followed_interest: source('followed_interest', 400, 10),
  popular: source('popular', 500, 10),
});

describe('the home feed mix', () => {
  it('alternates walks and follows, with a followed topic every fifth pin', () => {
    const mixed = mix(all());
    expect(mixed.slice(0, 10).map((e) => e.reason)).toEqual([...MIX_PATTERN, ...MIX_PATTERN]);
    expect(mixed.slice(0, 5).map((e) => e.pinId)).toEqual(['100', '200', '101', '300', '400']);
  });

  it('gives the slots of a source that ran dry to the others, and keeps every candidate', () => {
    const mixed = mix({ ...all(), followed_user: source('followed_user', 200, 1), saved_pin: [] });
    expect(mixed.slice(0, 4).map((e) => e.reason)).toEqual(['followed_user', 'followed_board', 'followed_interest', 'followed_board']);
    expect(mixed).toHaveLength(1 + 10 + 10 + 10);
  });

  it('puts popular pins only after every personal source has run dry', () => {
    const mixed = mix(all());
    const firstPopular = mixed.findIndex((e) => e.reason === 'popular');
    expect(firstPopular).toBe(40);
    expect(mixed.slice(firstPopular).every((e) => e.reason === 'popular')).toBe(true);
    // A new member with nothing personal still gets a feed.
    expect(mix({ popular: source('popular', 500, 3) }).map((e) => e.pinId)).toEqual(['500', '501', '502']);
  });

  it('keeps each pin once: the first slot that reaches it gives its reason', () => {
    const mixed = mix({
      saved_pin: [{ pinId: '9', reason: 'saved_pin', ref: '1' }],
      followed_user: [
        { pinId: '9', reason: 'followed_user', ref: '2' },
        { pinId: '10', reason: 'followed_user', ref: '2' },
      ],
      popular: [{ pinId: '10', reason: 'popular', ref: '10' }],
    });
    expect(mixed.map((e) => [e.pinId, e.reason])).toEqual([
      ['9', 'saved_pin'],
      ['10', 'followed_user'],
    ]);
  });

  it('keeps each picture once: a pin with the same image signature as an earlier one is left out', () => {
    const mixed = mix(all(), { '200': { signature: 'sig100' }, '501': { signature: 'sig300' } });
    expect(mixed.map((e) => e.pinId)).not.toContain('200');
    expect(mixed.map((e) => e.pinId)).not.toContain('501');
    // Pins without a picture signature are never taken for each other.
    expect(mix({ popular: source('popular', 500, 2) }, { '500': { signature: null }, '501': { signature: null } })).toHaveLength(2);
  });

  it("leaves out the reader's own pins, pins already on the reader's boards and pins it knows nothing of", () => {
    const sources = all();
    const facts = factsOf(sources, { '100': { creatorId: READER }, '200': { onReaderBoard: true } });
    facts.delete('300');
    const ids = mixHome({ readerId: READER, sources, facts, token: TOKEN }).map((e) => e.pinId);
    expect(ids).not.toContain('100');
    expect(ids).not.toContain('200');
    expect(ids).not.toContain('300');
    expect(ids).toHaveLength(50 - 3);
  });

  it("leaves out pins made after the list's token, so a rebuilt list holds what the first could", () => {
    const ids = mixHome({
      readerId: READER,
      sources: { popular: source('popular', 500, 3) },
      facts: factsOf({ popular: source('popular', 500, 3) }),
      token: '501',
    }).map((e) => e.pinId);
    expect(ids).toEqual(['500', '501']);
  });

  it('never repeats what the list already holds when it grows, by pin or by picture', () => {
    const first = mix(all());
    const more = mix({ followed_user: [...source('followed_user', 200, 12)], popular: source('popular', 600, 3) }, { '600': { signature: 'sig100' } }, first);
    expect(more.map((e) => e.pinId)).toEqual(['210', '211', '601', '602']);
  });
});

describe('home feed helpers', () => {
  it('merges the topics one pin of each in turn', () => {
    expect(roundRobin([['a1', 'a2', 'a3'], ['b1'], ['c1', 'c2']])).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3']);
    expect(roundRobin([])).toEqual([]);
  });

  it('ranks popular pins by saves, the newer of equals first, each naming itself', () => {
    const ranked = rankPopular([
      { pinId: '9', saves: 1 },
      { pinId: '8', saves: 5 },
      { pinId: '7', saves: 1 },
      { pinId: '6', saves: 5 },
    ]);
    expect(ranked.map((c) => c.pinId)).toEqual(['8', '6', '9', '7']);
    expect(ranked[0]).toEqual({ pinId: '8', reason: 'popular', ref: '8' });
  });

  it("weighs the reader's newer saves more as walk seeds", () => {
    const weights = seedWeights(['3', '2', '1']).map((s) => s.weight);
    expect(weights[0]).toBe(1);
    expect(weights[1]).toBeLessThan(weights[0] ?? 0);
    expect(weights[2]).toBeLessThan(weights[1] ?? 0);
  });

  it('credits a walked pin to the seed on the board it was reached through, else to the newest seed', () => {
    const seedsOfBoard = new Map([['b1', 's2']]);
    expect(creditedSeed(seedsOfBoard, 'b1', 's1')).toBe('s2');
    expect(creditedSeed(seedsOfBoard, 'b9', 's1')).toBe('s1');
  });
});

describe('home feed paging', () => {
  const entries = (ids: string[]) => ids.map((pinId) => ({ pinId }));

  it('resumes where the bookmark says when the list is the same', () => {
    expect(resumeAt(entries(['1', '2', '3', '4']), 2, '2')).toBe(2);
  });

  it('resumes after the last pin served when a rebuilt list moved it, so nothing repeats', () => {
    // New saves came first in the rebuilt list: the pins served stay behind the resume point.
    const rebuilt = entries(['9', '8', '1', '2', '3', '4']);
    const at = resumeAt(rebuilt, 2, '2');
    expect(at).toBe(4);
    expect(rebuilt.slice(at).map((e) => e.pinId)).toEqual(['3', '4']);
  });

  it('falls back on the position when the last pin is gone, never past the end', () => {
    expect(resumeAt(entries(['1', '3', '4']), 2, '2')).toBe(2);
    expect(resumeAt(entries(['1']), 30, '2')).toBe(1);
  });
});
