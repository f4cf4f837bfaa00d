import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { MediaImage } from '../media/media.present.ts';
import { loadMediaViews } from '../pins/pin-media.ts';
import type { Board, BoardCollaborator, BoardSection } from '../db/schema/boards-and-pins.ts';
import type { Reader } from '../access/authorized.ts';
import { cardOf, loadUserCards, type UserCard } from '../social/user-cards.ts';
import { accessList, accessOfRole, roleOf } from '../access/board.policy.ts';
import { slugify } from './slug.ts';
import type { BoardJson as SharedBoardJson } from '../../shared/board-json.ts';

/** How many collaborators a board shows with itself (the avatars beside its name). */
const COLLABORATORS_SHOWN = 3;

/** A board as the spec's entity, for a reader allowed to see it, with the server's user cards. */
export type BoardJson = SharedBoardJson<UserCard>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Boards the reader may see, hydrated in a fixed number of queries whatever their number. */
export async function presentBoards(deps: Deps, reader: Reader, boards: readonly Board[]): Promise<BoardJson[]> {
  if (boards.length === 0) return [];
  const db = deps.db;
  const ids = boards.map((b) => b.id);
  const [mine, followed, collaborators, covers] = await Promise.all([
    readerCollaborations(db, reader, ids),
    readerBoardFollows(db, reader, ids),
    shownCollaborators(db, ids),
    coverPins(db, boards),
  ]);
  const userIds = [...boards.flatMap((b) => [b.owner_id, ...(b.pending_owner_id ? [b.pending_owner_id] : [])]), ...collaborators.map((c) => c.user_id)];
  const [cards, media] = await Promise.all([
    loadUserCards(deps, reader, userIds),
    loadMediaViews(
      deps,
      [...covers.values()].map((c) => c.media_id),
    ),
  ]);
  return boards.map((board) => {
    const own = mine.get(board.id);
    const access = accessOfRole(roleOf(board, reader.userId, own));
    const isOwner = reader.userId === board.owner_id;
    const owner = cardOf(cards, board.owner_id);
    const cover = covers.get(board.id);
    const pending = board.pending_owner_id && (isOwner || reader.userId === board.pending_owner_id) ? cards.get(board.pending_owner_id) : undefined;
    return {
      type: 'board',
      id: board.id,
      entity_id: board.id,
      name: board.name,
      slug: board.slug,
      url: `/${owner.username}/${board.slug}/`,
      description: board.description,
      privacy: board.privacy,
      layout: 'default',
      created_at: new Date(board.created_at).toISOString(),
      board_pins_modified_at: iso(board.pins_modified_at),
      owner,
      pin_count: board.pin_count,
      sectionless_pin_count: board.sectionless_pin_count,
      section_count: board.section_count,
      follower_count: board.follower_count,
      collaborator_count: board.collaborator_count,
      followed_by_me: followed.has(board.id),
      collaborated_by_me: own?.status === 'accepted',
      is_collaborative: board.collaborator_count > 0,
      collaborating_users: collaborators.filter((c) => c.board_id === board.id).flatMap((c) => cards.get(c.user_id) ?? []),
      access: accessList(access),
      viewer_collaborator_status: own?.status ?? 'not_invited',
      viewer_collaborator_join_requested: own?.status === 'requested',
      pending_ownership_transfer: pending ? { user: pending } : null,
      archived_by_me_at: isOwner ? iso(board.archived_at) : null,
      is_quicksave: board.is_quicksave === 1,
      cover_pin: cover ?? null,
      cover_images: cover?.media_id ? (media.get(cover.media_id)?.images ?? null) : null,
      images: null,
      sensitivity: null,
      sensitivity_screen: { reason: null, show_warning: false },
      has_fresh_more_ideas_tab: false,
    };
  });
}

export async function presentBoard(deps: Deps, reader: Reader, board: Board): Promise<BoardJson> {
  const [json] = await presentBoards(deps, reader, [board]);
  if (!json) throw new Error('a board presents as one board');
  return json;
}

async function readerCollaborations(db: Db, reader: Reader, ids: string[]): Promise<Map<string, BoardCollaborator>> {
  if (reader.userId === null) return new Map();
  const rows = await db.selectFrom('board_collaborators').selectAll().where('user_id', '=', reader.userId).where('board_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.board_id, r]));
}

async function readerBoardFollows(db: Db, reader: Reader, ids: string[]): Promise<Set<string>> {
  if (reader.userId === null) return new Set();
  const rows = await db.selectFrom('board_follows').select('board_id').where('user_id', '=', reader.userId).where('board_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.board_id));
}

/** The first few accepted collaborators of each board, in one query (a window per board). */
async function shownCollaborators(db: Db, ids: string[]): Promise<{ board_id: string; user_id: string }[]> {
  const ranked = db
    .selectFrom('board_collaborators')
    .select(['board_id', 'user_id', sql<number>`row_number() over (partition by board_id order by created_at, user_id)`.as('rank')])
    .where('board_id', 'in', ids)
    .where('status', '=', 'accepted')
    .as('ranked');
  return db.selectFrom(ranked).select(['ranked.board_id', 'ranked.user_id']).where('ranked.rank', '<=', COLLABORATORS_SHOWN).orderBy('ranked.rank').execute();
}

/** The chosen cover pin while the board still holds it, else the newest pin on the board. */
async function coverPins(db: Db, boards: readonly Board[]): Promise<Map<string, { id: string; media_id: string | null }>> {
  const rows = await db
    .selectFrom('board_pins as bp')
    .innerJoin('pins', 'pins.id', 'bp.pin_id')
    .select(['bp.board_id', 'pins.id', 'pins.media_id', 'bp.created_at'])
    .where(
      'bp.board_id',
      'in',
      boards.map((b) => b.id),
    )
    .where('pins.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb(
          'bp.created_at',
          '=',
          eb
            .selectFrom('board_pins as x')
            .select((x) => x.fn.max('x.created_at').as('m'))
            .whereRef('x.board_id', '=', 'bp.board_id'),
        ),
        eb.exists(eb.selectFrom('boards').select('boards.id').whereRef('boards.id', '=', 'bp.board_id').whereRef('boards.cover_pin_id', '=', 'bp.pin_id')),
      ]),
    )
    .execute();
  const chosen = new Map(boards.map((b) => [b.id, b.cover_pin_id]));
  const covers = new Map<string, { id: string; media_id: string | null }>();
  for (const row of rows) {
    if (covers.has(row.board_id) && chosen.get(row.board_id) !== row.id) continue;
    covers.set(row.board_id, { id: row.id, media_id: row.media_id });
  }
  return covers;
}

export type SectionJson = {
  type: 'board_section';
  id: string;
  board_id: string;
  title: string;
  slug: string;
  pin_count: number;
  created_at: string;
  /** The images of the section's newest pin, keyed by size (the cover of the sections row). */
  cover_images: Record<string, MediaImage> | null;
};

/** Sections with their covers, in two queries whatever their number. */
export async function presentSections(deps: Deps, sections: readonly BoardSection[]): Promise<SectionJson[]> {
  const covers = await sectionCovers(
    deps.db,
    sections.map((s) => s.id),
  );
  const media = await loadMediaViews(deps, covers.values());
  return sections.map((section) => {
    const cover = covers.get(section.id);
    return {
      type: 'board_section',
      id: section.id,
      board_id: section.board_id,
      title: section.title,
      slug: slugify(section.title),
      pin_count: section.pin_count,
      created_at: new Date(section.created_at).toISOString(),
      cover_images: cover ? (media.get(cover)?.images ?? null) : null,
    };
  });
}

export async function presentSection(deps: Deps, section: BoardSection): Promise<SectionJson> {
  const [json] = await presentSections(deps, [section]);
  if (!json) throw new Error('a section presents as one section');
  return json;
}

/** The media of each section's newest live pin, in one query (a window per section). */
async function sectionCovers(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const ranked = db
    .selectFrom('board_pins as bp')
    .innerJoin('pins', 'pins.id', 'bp.pin_id')
    .select(['bp.section_id', 'pins.media_id', sql<number>`row_number() over (partition by bp.section_id order by bp.created_at desc, bp.id desc)`.as('rank')])
    .where('bp.section_id', 'in', ids)
    .where('pins.deleted_at', 'is', null)
    .where('pins.media_id', 'is not', null)
    .as('ranked');
  const rows = await db.selectFrom(ranked).select(['ranked.section_id', 'ranked.media_id']).where('ranked.rank', '=', 1).execute();
  return new Map(rows.flatMap((r) => (r.section_id && r.media_id ? [[r.section_id, r.media_id] as const] : [])));
}
