import type { Deps } from '../deps.ts';
import { presentPins } from '../pins/pins.present.ts';
import type { Actor } from '../access/actor.ts';
import { readerOf, type Reader } from '../access/authorized.ts';
import type { RecommendationReason, RelatedPinItem } from './related.service.ts';
import type { PinJson } from '../../shared/contracts/pins.ts';

export type RelatedPinJson = PinJson & { recommendation_reason: RecommendationReason };

/** Related pins as the pin presenter shows them, each with its reason. */
export async function presentRelatedPins(deps: Deps, reader: Reader, items: readonly RelatedPinItem[]): Promise<RelatedPinJson[]> {
  const pins = await presentPins(deps, reader, items);
  return pins.map((json, i) => {
    const item = items[i];
    if (!item) throw new Error('presentPins answered more pins than it was given');
    return { ...json, recommendation_reason: item.recommendation_reason };
  });
}

/** Related pins as the caller may see them: for the adapters, which pass the Actor. */
export async function presentRelatedPinsFor(deps: Deps, actor: Actor, items: readonly RelatedPinItem[]): Promise<RelatedPinJson[]> {
  return presentRelatedPins(deps, readerOf(actor), items);
}
