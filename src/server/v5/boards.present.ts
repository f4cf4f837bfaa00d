import { sql } from 'kysely';
import { presentBoards, type BoardJson } from '../boards/boards.present.ts';
import type { Board, BoardSection } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { loadMediaViews } from '../pins/pin-media.ts';
import type { Reader } from '../access/authorized.ts';
import { listablePins } from '../access/visibility.repo.ts';

/** How many of a board's newest pins its `media.pin_thumbnail_urls` shows. */
export const BOARD_THUMBNAILS = 5;

/** The reference's Board (and BoardWithUpdatePrivacy). */
export type V5Board = {
  id: string;
  name: string;
  description: string | null;
  privacy: 'PUBLIC' | 'SECRET';
  owner: { username: string };
  created_at: string;
  board_pins_modified_at?: string;
  collaborator_count: number;
  follower_count: number;
  pin_count: number;
  is_ads_only: boolean;
  media: { image_cover_url: string | null; pin_thumbnail_urls: string[] };
};

export type V5Section = { id: string; name: string };

/** Boards the reader may see, in the reference's shape; our own presenter does the hydrating. */
export async function presentV5Boards(deps: Deps, reader: Reader, boards: readonly Board[]): Promise<V5Board[]> {
  const [json, thumbnails] = await Promise.all([
    presentBoards(deps, reader, boards),
    pinThumbnails(
      deps,
      reader,
      boards.map((b) => b.id),
    ),
  ]);
  return json.map((board) => v5Board(board, thumbnails.get(board.id) ?? []));
}

export async function presentV5Board(deps: Deps, reader: Reader, board: Board): Promise<V5Board> {
  const [json] = await presentV5Boards(deps, reader, [board]);
  if (!json) throw new Error('a board presents as one board');
  return json;
}

function v5Board(board: BoardJson, thumbnails: string[]): V5Board {
  const cover = board.cover_images;
  return {
    id: board.id,
    name: board.name,
    description: board.description,
    privacy: board.privacy === 'secret' ? 'SECRET' : 'PUBLIC',
    owner: { username: board.owner.username },
    created_at: board.created_at,
    ...(board.board_pins_modified_at ? { board_pins_modified_at: board.board_pins_modified_at } : {}),
    collaborator_count: board.collaborator_count,
    follower_count: board.follower_count,
    pin_count: board.pin_count,
    is_ads_only: false,
    media: { image_cover_url: (cover?.['600x315'] ?? cover?.['236x'])?.url ?? null, pin_thumbnail_urls: thumbnails },
  };
}

/** The square thumbnails of each board's newest pins the reader may list, in one query. */
async function pinThumbnails(deps: Deps, reader: Reader, boardIds: string[]): Promise<Map<string, string[]>> {
  if (boardIds.length === 0) return new Map();
  const ranked = deps.db
    .selectFrom('board_pins as bp')
    .innerJoin('pins', 'pins.id', 'bp.pin_id')
    .select(['bp.board_id', 'pins.media_id', sql<number>`row_number() over (partition by bp.board_id order by bp.created_at desc, bp.id desc)`.as('rank')])
    .where('bp.board_id', 'in', boardIds)
    .where(listablePins(reader))
    .as('ranked');
  const rows = await deps.db
    .selectFrom(ranked)
    .select(['ranked.board_id', 'ranked.media_id'])
    .where('ranked.rank', '<=', BOARD_THUMBNAILS)
    .orderBy('ranked.rank')
    .execute();
  const media = await loadMediaViews(
    deps,
    rows.map((r) => r.media_id),
  );
  const out = new Map<string, string[]>();
  for (const row of rows) {
    const url = row.media_id ? media.get(row.media_id)?.images?.['136x136']?.url : undefined;
    if (url) out.set(row.board_id, [...(out.get(row.board_id) ?? []), url]);
  }
  return out;
}

export function presentV5Section(section: BoardSection): V5Section {
  return { id: section.id, name: section.title };
}
