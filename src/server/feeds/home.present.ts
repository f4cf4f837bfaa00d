import type { Deps } from '../deps.ts';
import { presentPins, type PinJson } from '../pins/pins.present.ts';
import type { Reader } from '../access/authorized.ts';
import type { HomeRecommendationReason } from './home-reasons.ts';
import type { HomeItem } from './home.service.ts';

export type HomePinJson = PinJson & { recommendation_reason: HomeRecommendationReason };

/** Home feed pins as every grid shows pins, each with its reason. */
export async function presentHomePins(deps: Deps, reader: Reader, items: readonly HomeItem[]): Promise<HomePinJson[]> {
  const pins = await presentPins(deps, reader, items);
  return pins.map((json, i) => {
    const item = items[i];
    if (!item) throw new Error('presentPins answered more pins than it was given');
    return { ...json, recommendation_reason: item.recommendation_reason };
  });
}
