import type { Deps } from '../deps.ts';
import { presentPins } from '../pins/pins.present.ts';
import type { Reader } from '../access/authorized.ts';
import type { HomeItem } from './home.service.ts';
import type { HomePinJson } from '../../shared/contracts/feeds.ts';

/** Home feed pins as every grid shows pins, each with its reason. */
export async function presentHomePins(deps: Deps, reader: Reader, items: readonly HomeItem[]): Promise<HomePinJson[]> {
  const pins = await presentPins(deps, reader, items);
  return pins.map((json, i) => {
    const item = items[i];
    if (!item) throw new Error('presentPins answered more pins than it was given');
    return { ...json, recommendation_reason: item.recommendation_reason };
  });
}
