import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { findVisiblePin } from '../access/pin.policy.ts';
import { topicTokens } from '../search/search-text.ts';
import type { MatchIndex } from '../search/text-match.ts';
import { documentTermsOfPins, pinsHoldingTopics } from './related-interests.repo.ts';
import { topicNames, topicsWithIds } from './topics.repo.ts';
import { readerOf } from '../access/authorized.ts';
import { presentInterests } from '../social/topics.ts';
import type { InterestJson } from '../../shared/contracts/social.ts';

/**
 * Which topics a pin belongs to: those whose every word its search document holds (title,
 * description, the names of its public boards and sections, product and recipe names), decided
 * by the search engine itself, so a pin is among a topic's related interests exactly when the
 * topic's page can list it. A cheap test of the words' first letters against the document's terms
 * picks the few topics worth asking the engine about.
 */

/** Related interests shown for a pin. */
export const RELATED_INTERESTS_MAX = 8;
/** Letters of a word compared before asking the engine: stemming keeps at least these. */
const STEM_PREFIX = 3;

type TopicWords = { id: string; tokens: string[] };

/** PinInterestsResource get: the topics of a pin the reader may see. */
export async function relatedInterests(deps: Deps, actor: Actor, pinId: string): Promise<InterestJson[]> {
  const reader = readerOf(actor);
  await findVisiblePin(deps.db, reader, pinId);
  const ids = (await topicsOfPins(deps, [pinId])).get(pinId) ?? [];
  if (ids.length === 0) return [];
  const rows = await topicsWithIds(deps.db, ids);
  rows.sort((a, b) => b.follower_count - a.follower_count || a.name.localeCompare(b.name));
  return presentInterests(deps.db, reader.userId, rows.slice(0, RELATED_INTERESTS_MAX));
}

/** For each pin, the ids of the topics it belongs to (pins without a document belong to none). */
export async function topicsOfPins(deps: Deps, pinIds: readonly string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (pinIds.length === 0) return result;
  const [topics, docs] = await Promise.all([topicNames(deps.db), documentTermsOfPins(deps.db, pinIds)]);
  const words: TopicWords[] = topics.map((t) => ({ id: t.id, tokens: topicTokens(t.name) })).filter((t) => t.tokens.length > 0);
  for (const index of ['listed_pins', 'unlisted_pins'] as const) {
    const inIndex = docs.filter((d) => (d.is_public === 1) === (index === 'listed_pins'));
    const asked = candidatePairs(words, inIndex);
    for (const { pinId, topicId } of await confirmed(deps, index, asked)) {
      result.set(pinId, [...(result.get(pinId) ?? []), topicId]);
    }
  }
  return result;
}

type Asked = { topic: TopicWords; pinIds: string[] };

/** The topics each document may hold: each word's first letters begin one of its terms. */
export function candidatePairs(topics: readonly TopicWords[], docs: readonly { pin_id: string; terms: string }[]): Asked[] {
  const prefixesOf = new Map(
    docs.map((d) => [
      d.pin_id,
      new Set(
        d.terms
          .split(' ')
          .filter(Boolean)
          .map((t) => Array.from(t).slice(0, STEM_PREFIX).join('')),
      ),
    ]),
  );
  const asked: Asked[] = [];
  for (const topic of topics) {
    const pinIds = docs
      .filter((d) => topic.tokens.every((w) => prefixesOf.get(d.pin_id)?.has(Array.from(w).slice(0, STEM_PREFIX).join(''))))
      .map((d) => d.pin_id);
    if (pinIds.length > 0) asked.push({ topic, pinIds });
  }
  return asked;
}

/** Topics asked in one statement (SQLite allows 500 parts of a compound select). */
const TOPICS_PER_STATEMENT = 100;

/** The engine's answer for the candidates of one index, a statement per hundred topics. */
async function confirmed(deps: Deps, index: MatchIndex, asked: readonly Asked[]): Promise<{ pinId: string; topicId: string }[]> {
  const found: { pinId: string; topicId: string }[] = [];
  for (let i = 0; i < asked.length; i += TOPICS_PER_STATEMENT) {
    const some = asked.slice(i, i + TOPICS_PER_STATEMENT).map(({ topic, pinIds }) => ({ topicId: topic.id, tokens: topic.tokens, pinIds }));
    found.push(...(await pinsHoldingTopics(deps.db, deps.dialect, index, some)));
  }
  return found;
}
