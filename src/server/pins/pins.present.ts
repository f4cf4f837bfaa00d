import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { MediaImage, PresentedMedia } from '../media/media.present.ts';
import { loadMediaViews } from './pin-media.ts';
import type { BoardPrivacy, Pin } from '../db/schema/boards-and-pins.ts';
import type { RichMetadata } from '../../shared/rich-metadata.ts';
import { videoViewCounts } from './video-views.ts';
import { loadStoryPins } from './story.present.ts';
import type { StoryPinDataJson } from '../../shared/story-pin.ts';
import { loadPinReactions } from './reactions.repo.ts';
import type { ReactionCounts } from '../../shared/reactions.ts';
import { loadPinSources, type PinAttribution } from '../scrape/pin-sources.ts';
import type { Reader } from '../access/authorized.ts';
import { cardOf, loadUserCards, type UserCard } from '../social/user-cards.ts';
import { visibleBoards } from '../access/visibility.repo.ts';

/** The save a pin is shown through (a board feed's row), if any. */
export type SaveContext = { id: string; board_id: string; section_id: string | null };
export type PinItem = { pin: Pin; save?: SaveContext | undefined };

export type BoardRef = { id: string; name: string; url: string; privacy: BoardPrivacy };

/** The spec's savedInfo of the reader's latest save of the pin. */
export type SavedInfo = { board_id: string; local_pin_id: string; section_id: string | null; title: string; type: 'board' | 'section'; url: string };

/** A pin as viewer spec section 3 describes it, in snake case, as far as this area holds its data. */
export type PinJson = {
  type: 'pin';
  id: string;
  entity_id: string;
  title: string;
  grid_title: string;
  description: string;
  alt_text: string;
  link: string | null;
  domain: string | null;
  created_at: string;
  is_video: boolean;
  media_id: string | null;
  /** processing until the media pipeline is done; the images then appear. */
  media_status: 'processing' | 'ready' | 'failed' | null;
  images: Record<string, MediaImage> | null;
  /** Video pins: the renditions, and how often the pin was watched (the spec's seoViewCount). */
  videos: (NonNullable<PresentedMedia['videos']> & { seo_view_count: number }) | null;
  dominant_color: string | null;
  image_signature: string | null;
  placeholder: string | null;
  comments_disabled: boolean;
  is_unsafe: boolean;
  is_hidden: boolean;
  repin_count: number;
  pinner: UserCard;
  board: BoardRef | null;
  board_pin: SaveContext | null;
  saved_info: SavedInfo | null;
  pinned_to_board: BoardRef | null;
  privacy: BoardPrivacy | null;
  /** The web page the pin was made from, if it was. */
  attribution: PinAttribution | null;
  /** The product, recipe or article the source page described. */
  rich_metadata: RichMetadata | null;
  /** Story pins: the spec's storyPinDataId and story_pin_data (pages and blocks); null for other pins. */
  story_pin_data_id: string | null;
  story_pin_data: StoryPinDataJson | null;
  /** Reactions by type, and the reader's own (business spec, Pin state). */
  reaction_counts: ReactionCounts;
  reaction_by_me: number | null;
};

type BoardRow = { id: string; name: string; slug: string; privacy: BoardPrivacy; owner_id: string };
type ReaderSave = BoardRow & { save_id: string; pin_id: string; section_id: string | null; section_title: string | null };

/** Pins the reader may see, hydrated in a fixed number of queries whatever their number. */
export async function presentPins(deps: Deps, reader: Reader, items: readonly PinItem[]): Promise<PinJson[]> {
  if (items.length === 0) return [];
  const db = deps.db;
  const pinIds = items.map((i) => i.pin.id);
  const [saves, hidden, boards, media, sources, views, reactions, stories] = await Promise.all([
    readerSaves(db, reader, pinIds),
    readerHidden(db, reader, pinIds),
    shownBoards(db, reader, items),
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
    };
  });
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
async function readerSaves(db: Db, reader: Reader, pinIds: string[]): Promise<Map<string, ReaderSave>> {
  if (reader.userId === null) return new Map();
  const rows = await db
    .selectFrom('board_pins as bp')
    .innerJoin('boards', 'boards.id', 'bp.board_id')
    .leftJoin('board_sections as s', 's.id', 'bp.section_id')
    .select([
      'boards.id',
      'boards.name',
      'boards.slug',
      'boards.privacy',
      'boards.owner_id',
      'bp.id as save_id',
      'bp.pin_id',
      'bp.section_id',
      's.title as section_title',
    ])
    .where('bp.saved_by', '=', reader.userId)
    .where('bp.pin_id', 'in', pinIds)
    .where(visibleBoards(reader))
    .orderBy('bp.created_at', 'asc')
    .execute();
  // Ascending, so the latest save of each pin is the one left in the map.
  return new Map(rows.map((r) => [r.pin_id, r]));
}

async function readerHidden(db: Db, reader: Reader, pinIds: string[]): Promise<Set<string>> {
  if (reader.userId === null) return new Set();
  const rows = await db.selectFrom('hidden_pins').select('pin_id').where('user_id', '=', reader.userId).where('pin_id', 'in', pinIds).execute();
  return new Set(rows.map((r) => r.pin_id));
}

/**
 * The board each pin is shown with: the board of its save context (keyed by board id), or for a
 * pin shown on its own, the first board the reader may see that holds it (keyed `pin:<id>`).
 */
async function shownBoards(db: Db, reader: Reader, items: readonly PinItem[]): Promise<Map<string, BoardRow>> {
  const columns = ['boards.id', 'boards.name', 'boards.slug', 'boards.privacy', 'boards.owner_id'] as const;
  const contextIds = [...new Set(items.flatMap((i) => (i.save ? [i.save.board_id] : [])))];
  const loose = items.filter((i) => !i.save).map((i) => i.pin.id);
  const out = new Map<string, BoardRow>();
  if (contextIds.length > 0) {
    for (const b of await db.selectFrom('boards').select(columns).where('boards.id', 'in', contextIds).execute()) out.set(b.id, b);
  }
  if (loose.length > 0) {
    const first = db
      .selectFrom('board_pins as bp')
      .innerJoin('boards', 'boards.id', 'bp.board_id')
      .select([...columns, 'bp.pin_id', sql<number>`row_number() over (partition by bp.pin_id order by bp.created_at, bp.id)`.as('rank')])
      .where('bp.pin_id', 'in', loose)
      .where(visibleBoards(reader))
      .as('first');
    const rows = await db.selectFrom(first).selectAll().where('first.rank', '=', 1).execute();
    for (const r of rows) out.set(`pin:${r.pin_id}`, r);
  }
  return out;
}
