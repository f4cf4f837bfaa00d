import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { loadMediaViews } from '../media/media-views.ts';
import type { Board, BoardCollaborator, BoardSection } from '../db/schema/boards-and-pins.ts';
import { readerOf, type Reader } from '../access/authorized.ts';
import { cardOf, loadUserCards } from '../users/user-cards.ts';
import { accessList, accessOfRole, roleOf } from '../access/board.policy.ts';
import { slugify } from './slug.ts';
import type { BoardJson, SectionJson } from '../../shared/contracts/boards.ts';
import { boardFollowsAmong, collaborationsOn, coverPins, firstCollaborators, sectionCovers } from './board-views.repo.ts';

/** How many collaborators a board shows with itself (the avatars beside its name). */
const COLLABORATORS_SHOWN = 3;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Boards the reader may see, hydrated in a fixed number of queries whatever their number. */
export async function presentBoards(deps: Deps, reader: Reader, boards: readonly Board[]): Promise<BoardJson[]> {
  if (boards.length === 0) return [];
  const db = deps.db;
  const ids = boards.map((b) => b.id);
  const me = reader.userId;
  const [mine, followed, collaborators, covers] = await Promise.all([
    me === null ? new Map<string, BoardCollaborator>() : collaborationsOn(db, me, ids),
    me === null ? new Set<string>() : boardFollowsAmong(db, me, ids),
    firstCollaborators(db, ids, COLLABORATORS_SHOWN),
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
    const access = accessOfRole(roleOf(board, me, own));
    const isOwner = me === board.owner_id;
    const owner = cardOf(cards, board.owner_id);
    const cover = covers.get(board.id);
    const pending = board.pending_owner_id && (isOwner || me === board.pending_owner_id) ? cards.get(board.pending_owner_id) : undefined;
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

/**
 * A board a service just read or changed for the caller, as the caller sees it: the answer of
 * the resources that change boards (the service made the access check; this only presents).
 */
export async function presentBoardTo(deps: Deps, actor: Actor, board: Board): Promise<BoardJson> {
  return presentBoard(deps, readerOf(actor), board);
}

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
