import type { Deps } from '../deps.ts';
import { presentPins, type PinJson } from '../pins/pins.present.ts';
import type { Reader } from '../access/authorized.ts';
import type { RecommendationReason, RelatedPinItem } from './related.service.ts';

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
