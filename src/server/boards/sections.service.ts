import type { Actor } from '../access/actor.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import type { Board, BoardSection } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { adjustProfile } from '../users/profile-counters.repo.ts';
import { readerOf, writerOf, type Reader, type Writer } from '../access/authorized.ts';
import { requireUnblocked } from '../access/blocking.policy.ts';
import { findVisibleBoard, requireBoardAccess, type BoardAccess, type BoardGrant } from '../access/board.policy.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { adjustBoard, pinIdsInSection } from './boards.repo.ts';
import { countSavesInSection, releaseSectionPins } from './board-saves.repo.ts';
import { deleteSectionRow, findSection, insertSection, renameSectionRow, sectionsAfter, sectionsOfBoard } from './sections.repo.ts';
import { decodeBookmark, pageOf } from '../common/bookmark.ts';
import { slugify } from './slug.ts';
import { lockBoard, transact } from '../db/transaction.ts';

/** A section and its board, if the caller may see the board; else not found. */
export async function findVisibleSection(db: Db, reader: Reader, sectionId: string): Promise<{ section: BoardSection; board: Board }> {
  const section = await findSection(db, sectionId);
  if (!section) throw new AppError('not_found');
  return { section, board: await findVisibleBoard(db, reader, section.board_id) };
}

/** BoardSectionResource get {section_id}: one section of a board the caller may see. */
export async function getSection(deps: Deps, actor: Actor, sectionId: string): Promise<BoardSection> {
  return (await findVisibleSection(deps.db, readerOf(actor), sectionId)).section;
}

async function requireSectionAccess(
  db: Db,
  actor: Actor,
  sectionId: string,
  need: keyof BoardAccess,
): Promise<BoardGrant & { section: BoardSection; writer: Writer }> {
  const writer = writerOf(actor, 'boards:write');
  const section = await findSection(db, sectionId);
  if (!section) throw new AppError('not_found');
  const grant = await requireBoardAccess(db, writer, section.board_id, need);
  await requireUnblocked(db, section.board_id, section.id);
  return { ...grant, section, writer };
}

/** BoardSectionResource get with a board: its sections, oldest first (the order they were made). */
export async function listSections(deps: Deps, actor: Actor, boardId: string): Promise<{ board: Board; sections: BoardSection[] }> {
  const board = await findVisibleBoard(deps.db, readerOf(actor), boardId);
  return { board, sections: await sectionsOfBoard(deps.db, board.id) };
}

/**
 * A board's section by the slug of its title (its URL, /:username/:slug/:section); the oldest one
 * when two titles make the same slug. Only on a board the caller may see.
 */
export async function findSectionBySlug(deps: Deps, actor: Actor, boardId: string, slug: string): Promise<BoardSection> {
  const { sections } = await listSections(deps, actor, boardId);
  const wanted = slug.toLowerCase();
  const section = sections.find((s) => slugify(s.title) === wanted);
  if (!section) throw new AppError('not_found');
  return section;
}

export type SectionsPageQuery = { boardId: string; bookmark?: string | undefined; pageSize: number };

/** The public API's section list: a board's sections oldest first, paged by (created time, id). */
export async function sectionsPage(deps: Deps, actor: Actor, query: SectionsPageQuery): Promise<{ sections: BoardSection[]; bookmark: string }> {
  const board = await findVisibleBoard(deps.db, readerOf(actor), query.boardId);
  const cursor = decodeBookmark(query.bookmark);
  if (cursor === 'end') return { sections: [], bookmark: FEED_END };
  const found = await sectionsAfter(deps.db, board.id, cursor, query.pageSize);
  const page = pageOf(found, query.pageSize, (s) => ({ key: s.created_at, id: s.id }));
  return { sections: page.items, bookmark: page.bookmark };
}

/** Section add raises the board's section_count. Anyone with write access to the board. */
export async function addSection(deps: Deps, actor: Actor, boardId: string, title: string): Promise<BoardSection> {
  const writer = writerOf(actor, 'boards:write');
  return transact(deps.db, async (trx) => {
    const { board } = await requireBoardAccess(trx, writer, boardId, 'write');
    const now = Date.now();
    const id = newId();
    await insertSection(trx, { id, boardId: board.id, title, now });
    await adjustBoard(trx, board.id, { section_count: 1 }, now);
    await deps.events.record(trx, writer.userId, { type: 'section.created', boardId: board.id, sectionId: id });
    return { id, board_id: board.id, title, pin_count: 0, created_at: now, updated_at: now };
  });
}

export async function renameSection(deps: Deps, actor: Actor, sectionId: string, title: string): Promise<BoardSection> {
  const renamed = await transact(deps.db, async (trx) => {
    const { section, writer } = await requireSectionAccess(trx, actor, sectionId, 'write');
    await renameSectionRow(trx, section.id, title, Date.now());
    await deps.events.record(trx, writer.userId, { type: 'section.renamed', boardId: section.board_id, sectionId: section.id });
    return { ...section, title };
  });
  return renamed;
}

/**
 * Section delete lowers section_count (not below 0) and removes the section's pins from the board:
 * the board's and its owner's pin counts drop by them, and pins no other board holds are deleted.
 * Needs delete access (the owner, or a collaborator approved with delete).
 */
export async function deleteSection(deps: Deps, actor: Actor, sectionId: string): Promise<void> {
  await transact(deps.db, async (trx) => {
    const found = await findSection(trx, sectionId);
    if (found) await lockBoard(trx, found.board_id);
    const { section, board, writer } = await requireSectionAccess(trx, actor, sectionId, 'delete');
    const now = Date.now();
    const saves = await countSavesInSection(trx, section.id);
    const secret = board.privacy === 'secret';
    await adjustBoard(trx, board.id, { section_count: -1, pin_count: -saves }, now, saves > 0);
    await adjustProfile(trx, board.owner_id, { pin_count: -saves, secret_pin_count: secret ? -saves : 0 }, now);
    const pinIds = await pinIdsInSection(trx, section.id);
    await releaseSectionPins(trx, section.id, !secret, now);
    await deleteSectionRow(trx, section.id);
    await deps.events.record(trx, writer.userId, { type: 'section.deleted', boardId: board.id, sectionId: section.id, pinIds });
  });
}
