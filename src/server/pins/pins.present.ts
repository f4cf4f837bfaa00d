import type { Actor } from '../access/actor.ts';
import { readerOf, type Reader } from '../access/authorized.ts';
import type { Pin } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { loadMediaViews } from '../media/media-views.ts';
import { cardOf, loadUserCards } from '../users/user-cards.ts';
import type { BoardRef, PinJson, SaveContext, SavedInfo } from '../../shared/contracts/pins.ts';
import { loadPinSources } from './pin-sources.present.ts';
import { boardRows, firstVisibleBoards, hiddenAmong, readerSavesOf, type BoardRow, type ReaderSave } from './pin-views.repo.ts';
import { loadPinReactions } from './reactions.repo.ts';
import { loadPinDidItData } from './did-it-data.repo.ts';
import { loadStoryPins } from './story.present.ts';
import { videoViewCounts } from './video-views.repo.ts';

export type PinItem = { pin: Pin; save?: SaveContext | undefined };

/** Pins the reader may see, hydrated in a fixed number of queries whatever their number. */
export async function presentPins(deps: Deps, reader: Reader, items: readonly PinItem[]): Promise<PinJson[]> {
  if (items.length === 0) return [];
  const db = deps.db;
  const pinIds = items.map((i) => i.pin.id);
  const [saves, hidden, boards, media, sources, views, reactions, stories, didIts] = await Promise.all([
    readerSaves(deps, reader, pinIds),
    reader.userId === null ? new Set<string>() : hiddenAmong(db, reader.userId, pinIds).then((ids) => new Set(ids)),
    shownBoards(deps, reader, items),
    loadMediaViews(
      deps,
      items.map((i) => i.pin.media_id),
    ),
    loadPinSources(db, pinIds),
    videoViewCounts(
      db,
      items.flatMap((i) => (i.pin.kind === 'video' ? [i.pin.id] : [])),
    ),
    loadPinReactions(db, reader, pinIds),
    loadStoryPins(deps, pinIds),
    loadPinDidItData(db, reader, pinIds),
  ]);
  const cards = await loadUserCards(deps, reader, [...items.map((i) => i.pin.creator_id), ...[...boards.values(), ...saves.values()].map((b) => b.owner_id)]);
  const ref = (b: BoardRow): BoardRef => ({ id: b.id, name: b.name, url: `/${cardOf(cards, b.owner_id).username}/${b.slug}/`, privacy: b.privacy });
  return items.map(({ pin, save }) => {
    const mine = saves.get(pin.id);
    const shown = boards.get(save?.board_id ?? `pin:${pin.id}`);
    const m = pin.media_id ? media.get(pin.media_id) : undefined;
    return {
      type: 'pin',
      id: pin.id,
      entity_id: pin.id,
      title: pin.title,
      grid_title: pin.title,
      description: pin.description,
      alt_text: pin.alt_text,
      link: pin.link,
      domain: pin.domain,
      created_at: new Date(pin.created_at).toISOString(),
      is_video: pin.kind === 'video',
      media_id: pin.media_id,
      media_status: m?.status ?? null,
      images: m?.images ?? null,
      videos: m?.videos ? { ...m.videos, seo_view_count: views.get(pin.id) ?? 0 } : null,
      dominant_color: m?.dominant_color ?? null,
      image_signature: m?.image_signature ?? null,
      placeholder: m?.placeholder ?? null,
      comments_disabled: pin.comments_disabled === 1,
      is_unsafe: pin.is_unsafe === 1,
      is_hidden: hidden.has(pin.id),
      repin_count: pin.save_count,
      pinner: cardOf(cards, pin.creator_id),
      board: shown ? ref(shown) : null,
      board_pin: save ?? null,
      saved_info: mine ? savedInfo(mine, ref(mine)) : null,
      pinned_to_board: mine ? ref(mine) : null,
      privacy: mine?.privacy ?? null,
      attribution: sources.get(pin.id)?.attribution ?? null,
      rich_metadata: sources.get(pin.id)?.rich_metadata ?? null,
      story_pin_data_id: stories.get(pin.id)?.id ?? null,
      story_pin_data: stories.get(pin.id) ?? null,
      reaction_counts: reactions.get(pin.id)?.reaction_counts ?? {},
      reaction_by_me: reactions.get(pin.id)?.reaction_by_me ?? null,
      aggregated_pin_data: { did_it_data: didIts.get(pin.id)?.did_it_data ?? { user_count: 0, images_count: 0 } },
      done_by_me: didIts.get(pin.id)?.done_by_me ?? false,
    };
  });
}

/** The pins of a list as the caller may see them: for the adapters, which pass the Actor. */
export async function presentPinsFor(deps: Deps, actor: Actor, pins: readonly Pin[]): Promise<PinJson[]> {
  return presentPins(
    deps,
    readerOf(actor),
    pins.map((pin) => ({ pin })),
  );
}

/** One pin as the caller sees it, through the save it was just made or moved with, if any. */
export async function presentPinFor(deps: Deps, actor: Actor, pin: Pin, save?: SaveContext): Promise<PinJson> {
  const [json] = await presentPins(deps, readerOf(actor), [{ pin, save }]);
  if (!json) throw new Error('a pin presents as one pin');
  return json;
}

function savedInfo(save: ReaderSave, board: BoardRef): SavedInfo {
  return {
    board_id: save.id,
    local_pin_id: save.save_id,
    section_id: save.section_id,
    title: save.section_title ?? save.name,
    type: save.section_id ? 'section' : 'board',
    url: board.url,
  };
}

/** The reader's latest save of each pin, on a board they may still see. */
async function readerSaves(deps: Deps, reader: Reader, pinIds: string[]): Promise<Map<string, ReaderSave>> {
  if (reader.userId === null) return new Map();
  const rows = await readerSavesOf(deps.db, reader, reader.userId, pinIds);
  // Oldest first, so the latest save of each pin is the one left in the map.
  return new Map(rows.map((r) => [r.pin_id, r]));
}

/**
 * The board each pin is shown with: the board of its save context (keyed by board id), or for a
 * pin shown on its own, the first board the reader may see that holds it (keyed `pin:<id>`).
 */
async function shownBoards(deps: Deps, reader: Reader, items: readonly PinItem[]): Promise<Map<string, BoardRow>> {
  const contextIds = [...new Set(items.flatMap((i) => (i.save ? [i.save.board_id] : [])))];
  const loose = items.filter((i) => !i.save).map((i) => i.pin.id);
  const [context, first] = await Promise.all([boardRows(deps.db, contextIds), firstVisibleBoards(deps.db, reader, loose)]);
  const out = new Map<string, BoardRow>();
  for (const b of context) out.set(b.id, b);
  for (const r of first) out.set(`pin:${r.pin_id}`, r);
  return out;
}
