import { FEATURES_LENGTH, FEATURES_VERSION, visualDistance } from '../media/features.ts';
import { textSimilarity } from './text.ts';

/**
 * The ranking of related pins. Walk candidates are scored
 *
 *   0.7 · walk + 0.2 · visual + 0.1 · text
 *
 * with `walk` the walk's score over the best walk score (0-1], `visual` the picture's similarity
 * and `text` the words' (both 0-1). The walk carries the ranking: it says what people who saved
 * this pin saved with it. The other two reorder pins the walk found about equally often: the one
 * that looks or reads like the query first. Pins the walk did not reach at all (a cold-start pin:
 * no one else saved it yet) are ranked after the walk's, by 0.6 · visual + 0.4 · text, and only
 * when something is similar at all. Each pin's reason is the largest of its score's terms.
 */
export const BLEND_WEIGHTS = { walk: 0.7, visual: 0.2, text: 0.1 } as const;
export const COLD_WEIGHTS = { visual: 0.6, text: 0.4 } as const;

/** Beyond this visual distance (features.ts: 0 same picture, about 0.5+ unrelated) a picture counts as not similar. */
const UNRELATED_DISTANCE = 0.5;

export type PinContent = { tokens: readonly string[]; features: Uint8Array | null };

export type ReasonKind = 'saved_to_board' | 'visually_similar' | 'similar_text';

export type RankedPin = { pinId: string; score: number; reason: ReasonKind; boardId: string | null };

export type WalkCandidate = { pinId: string; walkScore: number; viaBoardId: string };

export function visualSimilarity(a: Uint8Array | null, b: Uint8Array | null): number {
  if (!readable(a) || !readable(b)) return 0;
  return Math.max(0, 1 - visualDistance(a, b) / UNRELATED_DISTANCE);
}

function readable(features: Uint8Array | null): features is Uint8Array {
  return features !== null && features.length === FEATURES_LENGTH && features[0] === FEATURES_VERSION;
}

const NOTHING: PinContent = { tokens: [], features: null };

/** Walk candidates in blended order. */
export function rankWalked(query: PinContent, candidates: readonly WalkCandidate[], contents: ReadonlyMap<string, PinContent>): RankedPin[] {
  const best = candidates.reduce((max, c) => Math.max(max, c.walkScore), 0);
  if (best === 0) return [];
  const ranked = candidates.map((c) => {
    const content = contents.get(c.pinId) ?? NOTHING;
    const terms = {
      saved_to_board: BLEND_WEIGHTS.walk * (c.walkScore / best),
      visually_similar: BLEND_WEIGHTS.visual * visualSimilarity(query.features, content.features),
      similar_text: BLEND_WEIGHTS.text * textSimilarity(query.tokens, content.tokens),
    };
    const reason = largest(terms);
    return {
      pinId: c.pinId,
      score: terms.saved_to_board + terms.visually_similar + terms.similar_text,
      reason,
      boardId: reason === 'saved_to_board' ? c.viaBoardId : null,
    };
  });
  return ranked.sort(byScore);
}

/** Pins the walk did not reach, ranked by looks and words; the unrelated ones left out. */
export function rankCold(query: PinContent, pinIds: readonly string[], contents: ReadonlyMap<string, PinContent>): RankedPin[] {
  const ranked: RankedPin[] = [];
  for (const pinId of pinIds) {
    const content = contents.get(pinId) ?? NOTHING;
    const terms = {
      visually_similar: COLD_WEIGHTS.visual * visualSimilarity(query.features, content.features),
      similar_text: COLD_WEIGHTS.text * textSimilarity(query.tokens, content.tokens),
    };
    const score = terms.visually_similar + terms.similar_text;
    if (score > 0) ranked.push({ pinId, score, reason: largest(terms), boardId: null });
  }
  return ranked.sort(byScore);
}

function largest<K extends string>(terms: Record<K, number>): K {
  let best: K | undefined;
  for (const key of Object.keys(terms) as K[]) if (best === undefined || terms[key] > terms[best]) best = key;
  if (best === undefined) throw new Error('No terms to choose a reason from');
  return best;
}

/** Higher score first; equal scores by id, so the order is the same on every node. */
function byScore(a: RankedPin, b: RankedPin): number {
  return b.score - a.score || (a.pinId < b.pinId ? -1 : a.pinId > b.pinId ? 1 : 0);
}
