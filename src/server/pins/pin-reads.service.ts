import type { Actor } from '../access/actor.ts';
import { readerOf } from '../access/authorized.ts';
import { findVisiblePin } from '../access/pin.policy.ts';
import type { Deps } from '../deps.ts';
import type { PinJson, SaveContext } from '../../shared/contracts/pins.ts';
import { presentPins } from './pins.present.ts';

/** PinResource get, and a save's answer: the pin as the caller sees it (through that save), else not found. */
export async function readPin(deps: Deps, actor: Actor, pinId: string, save?: SaveContext): Promise<PinJson> {
  const reader = readerOf(actor);
  const pin = await findVisiblePin(deps.db, reader, pinId);
  const [json] = await presentPins(deps, reader, [{ pin, save }]);
  if (!json) throw new Error('a pin presents as one pin');
  return json;
}
