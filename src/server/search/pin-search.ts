import type { Deps } from '../deps.ts';
import type { Reader } from '../access/authorized.ts';
import { keepVisible, textMatches, type PinSearch } from './pin-matches.ts';
import { PIN_WEIGHTS, rankPins, type PinWeights } from './ranking.ts';
import { topicTokens } from './search-text.ts';
import type { Ranking } from './visible-page.ts';
import { followedTopicNames, pinsByFollowedMembers, pinsOnFollowedBoards } from './pin-search.repo.ts';

/** Followed topics read per search: enough for anyone's interests. */
const FOLLOWED_TOPICS_READ = 200;

/**
 * Pins for a query: the text matches (pin-matches.ts) ranked by the blend of ranking.ts. Whether
 * the reader may see each one (and whether it is still live, safe and current) is asked of the
 * pin policy only for the ones a page reaches (visible-page.ts): a common word has hundreds of
 * candidates, a page needs a few dozen.
 */
export async function searchPins(deps: Deps, reader: Reader, search: PinSearch, now: number, weights: PinWeights = PIN_WEIGHTS): Promise<Ranking> {
  const keep = (ids: string[]) => keepVisible(deps, reader, ids);
  const matches = await textMatches(deps, reader, search);
  if (matches.length === 0) return { ranked: [], keep };
  const personal = await personalSignals(
    deps,
    reader,
    matches.map((m) => m.id),
  );
  const terms = new Map(matches.map((m) => [m.id, m.terms]));
  const ranked = rankPins(
    matches.map((m) => ({ id: m.id, text: m.text, saves: m.saves, createdAt: m.createdAt, personal: personal(m.id, m.terms) })),
    now,
    weights,
  );
  return { ranked: ranked.map((r) => ({ ...r, terms: terms.get(r.id) ?? '' })), keep };
}

/**
 * The pins search that stands for a topic (the home feed's followed topics, the topic pages):
 * every word of its name but stop words, all of its pins or only its videos or products. None
 * when the name has no word left to search.
 */
export function topicSearch(name: string, kind: PinSearch['kind'] = 'all'): PinSearch | null {
  const tokens = topicTokens(name);
  return tokens.length === 0 ? null : { tokens, kind, savedBy: null, product: null };
}

/**
 * How close each pin is to what the reader follows: a followed board holds it or a followed
 * member made it (1), or it has every word of a followed topic's name (0.5). Three small queries.
 */
async function personalSignals(deps: Deps, reader: Reader, ids: string[]): Promise<(id: string, terms: string) => number> {
  const me = reader.userId;
  if (me === null) return () => 0;
  const [onFollowedBoard, byFollowed, topics] = await Promise.all([
    pinsOnFollowedBoards(deps.db, me, ids),
    pinsByFollowedMembers(deps.db, me, ids),
    followedTopicNames(deps.db, me, FOLLOWED_TOPICS_READ),
  ]);
  const topicWords = topics.map((name) => topicTokens(name)).filter((words) => words.length > 0);
  return (id, terms) => {
    if (onFollowedBoard.has(id) || byFollowed.has(id)) return 1;
    if (topicWords.length === 0) return 0;
    const words = new Set(terms.split(' '));
    return topicWords.some((topic) => topic.every((w) => words.has(w))) ? 0.5 : 0;
  };
}
