import type { Actor } from '../access/actor.ts';
import { listingReader, presentPinIds } from '../discovery/discovery-feeds.ts';
import { topicsOfPins } from '../discovery/related-interests.ts';
import { rankByPopularity } from '../discovery/topic-ranking.ts';
import type { Deps } from '../deps.ts';
import { readerOf } from '../access/authorized.ts';
import { keepVisible } from '../search/pin-matches.ts';
import type { PinJson } from '../../shared/contracts/pins.ts';
import { newestListedPins } from './landing.repo.ts';
import { mixByTopic } from './landing-mix.ts';

/** Pins on the signed-out home: two screens of a desktop grid; the rest is for members. */
export const LANDING_PINS = 50;
/** The newest listed pins ranked for it: fresh enough that the landing changes as the instance does. */
export const LANDING_WINDOW = 600;
/** The best ranked of the window that are checked and dealt out by topic. */
const LANDING_CANDIDATES = 3 * LANDING_PINS;

/**
 * LandingPinsResource get: the signed-out home's pins, fresh and popular, mixed by topic. Listed
 * pins only (never a secret board's), through the pin policy (blocks, hidden, deleted, unsafe)
 * for whoever asks; it reads nothing of a visitor, so visitors are answered from memory.
 */
export async function landingPins(deps: Deps, actor: Actor): Promise<PinJson[]> {
  const reader = listingReader(readerOf(actor));
  const rows = await newestListedPins(deps.db, LANDING_WINDOW);
  const ranked = rankByPopularity(
    rows.map((r) => ({ id: r.id, saves: r.save_count, createdAt: r.created_at })),
    Date.now(),
  );
  const candidates = ranked.slice(0, LANDING_CANDIDATES).map((r) => r.id);
  const visible = await keepVisible(deps, reader, candidates);
  const kept = candidates.filter((id) => visible.has(id));
  const mixed = mixByTopic(kept, await topicsOfPins(deps, kept), LANDING_PINS);
  return presentPinIds(deps, reader, mixed);
}
