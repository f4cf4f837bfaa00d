import { z } from 'zod';
import { AppError } from '../errors.ts';
import { defineUntypedResource, type Resource } from '../http/resources.ts';
import { parseInput } from '../http/validate.ts';
import { presentPins } from '../pins/pins.present.ts';
import { readerOf } from '../access/authorized.ts';
import { BoardChanges, BoardFields, Bookmark, Id, SectionTitle } from './board.inputs.ts';
import { boardFeedOf } from './board-feed.ts';
import { boardPicker, userBoards } from './boards-feed.ts';
import { presentBoard, presentBoards, presentSection, presentSections } from './boards.present.ts';
import { boardsHoldingPin, getBoard, getBoardByPath } from './boards.query.ts';
import { createBoard, deleteBoard, setBoardArchived, updateBoard } from './boards.service.ts';
import { addSection, deleteSection, findSectionBySlug, findVisibleSection, listSections, renameSection } from './sections.service.ts';
import type { Actor } from '../access/actor.ts';
import type { Board } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';

/** Every resource takes a JSON object of options; each verb parses the fields it needs. */
export const AnyOptions = z.record(z.string(), z.unknown());

const BoardRef = z.object({ board_id: Id });
const BoardPath = z.object({ username: z.string().min(1).max(100), slug: z.string().min(1).max(200) });
const BoardUpdate = BoardChanges.extend({ board_id: Id, archived: z.boolean().optional() });

/**
 * The board that options name: {board_id}, or {username, slug} as in its URL (what a page knows
 * before it has loaded the board), if the reader may see it.
 */
async function locateBoard(deps: Deps, actor: Actor, options: Record<string, unknown>): Promise<Board> {
  if (options['board_id'] !== undefined) return getBoard(deps, actor, parseInput(BoardRef, options).board_id);
  const { username, slug } = parseInput(BoardPath, options);
  return getBoardByPath(deps, actor, username, slug);
}

const SectionSlug = z.object({ section_slug: z.string().min(1).max(200) });

/** BoardResource: get {board_id} or {username, slug}; create; update (also archive); delete. */
export const BoardResource = defineUntypedResource({
  name: 'BoardResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => ({ data: await presentBoard(deps, readerOf(actor), await locateBoard(deps, actor, options)) }),
  create: async ({ options, actor, deps }) => ({
    data: await presentBoard(deps, readerOf(actor), await createBoard(deps, actor, parseInput(BoardFields, options))),
  }),
  update: async ({ options, actor, deps }) => {
    const { board_id, archived, ...changes } = parseInput(BoardUpdate, options);
    const edits = Object.keys(changes).length > 0;
    let board = edits || archived === undefined ? await updateBoard(deps, actor, board_id, changes) : null;
    if (archived !== undefined) board = await setBoardArchived(deps, actor, board_id, archived);
    if (!board) throw new AppError('bad_request', 'Nothing to change.');
    return { data: await presentBoard(deps, readerOf(actor), board) };
  },
  delete: async ({ options, actor, deps }) => {
    await deleteBoard(deps, actor, parseInput(BoardRef, options).board_id);
    return { data: null };
  },
});

const SectionRef = z.object({ section_id: Id });

/**
 * BoardSectionResource: get {board_id} (or {username, slug}) lists, {section_id} reads one, and
 * {username, slug, section_slug} reads one by its URL; create {board_id, title}; update
 * {section_id, title}; delete {section_id}.
 */
export const BoardSectionResource = defineUntypedResource({
  name: 'BoardSectionResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => {
    if (options['section_id'] !== undefined) {
      const { section } = await findVisibleSection(deps.db, readerOf(actor), parseInput(SectionRef, options).section_id);
      return { data: await presentSection(deps, section) };
    }
    const board = await locateBoard(deps, actor, options);
    if (options['section_slug'] !== undefined) {
      return { data: await presentSection(deps, await findSectionBySlug(deps, actor, board.id, parseInput(SectionSlug, options).section_slug)) };
    }
    const { sections } = await listSections(deps, actor, board.id);
    return { data: await presentSections(deps, sections) };
  },
  create: async ({ options, actor, deps }) => {
    const { board_id, title } = parseInput(BoardRef.extend({ title: SectionTitle }), options);
    return { data: await presentSection(deps, await addSection(deps, actor, board_id, title)) };
  },
  update: async ({ options, actor, deps }) => {
    const { section_id, title } = parseInput(SectionRef.extend({ title: SectionTitle }), options);
    return { data: await presentSection(deps, await renameSection(deps, actor, section_id, title)) };
  },
  delete: async ({ options, actor, deps }) => {
    await deleteSection(deps, actor, parseInput(SectionRef, options).section_id);
    return { data: null };
  },
});

const BoardsFeedOptions = z.object({
  username: z.string().min(1).max(100),
  sort: z.enum(['last_saved', 'newest', 'oldest', 'alphabetical']).default('last_saved'),
  archived: z.boolean().default(false),
  bookmark: Bookmark,
});

/** BoardsFeedResource get {username, sort?, archived?, bookmark?}: a profile's boards, 25 a page. */
export const BoardsFeedResource = defineUntypedResource({
  name: 'BoardsFeedResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => {
    const { boards, bookmark } = await userBoards(deps, actor, parseInput(BoardsFeedOptions, options));
    return { data: await presentBoards(deps, readerOf(actor), boards), bookmark };
  },
});

const BoardFeedOptions = z.object({ section_id: Id.nullable().optional(), section_slug: SectionSlug.shape.section_slug.optional(), bookmark: Bookmark });

/**
 * BoardFeedResource get {board_id or username+slug, section_id? or section_slug?, bookmark?}: a
 * board's pins (section_id null: those in no section), 25 a page, '-end-' after the last.
 */
export const BoardFeedResource = defineUntypedResource({
  name: 'BoardFeedResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => {
    const o = parseInput(BoardFeedOptions, options);
    const board = await locateBoard(deps, actor, options);
    const sectionId = o.section_slug === undefined ? o.section_id : (await findSectionBySlug(deps, actor, board.id, o.section_slug)).id;
    const { items, bookmark } = await boardFeedOf(deps, actor, board, { sectionId, bookmark: o.bookmark });
    return { data: await presentPins(deps, readerOf(actor), items), bookmark };
  },
});

const PickerOptions = z.object({ query: z.string().max(100).optional(), pin_id: Id.optional(), bookmark: Bookmark });

/**
 * BoardPickerBoardsResource get {query?, pin_id?, bookmark?}: boards to save to, recent ones
 * first (picker_section 'recent') then by name ('all'); with a pin, `saved_here` marks boards
 * that already hold it.
 */
export const BoardPickerBoardsResource = defineUntypedResource({
  name: 'BoardPickerBoardsResource',
  options: AnyOptions,
  get: async ({ options, actor, deps }) => {
    const o = parseInput(PickerOptions, options);
    const { recent, boards, bookmark } = await boardPicker(deps, actor, { query: o.query?.trim(), bookmark: o.bookmark });
    const all = [...recent, ...boards];
    const [json, holding] = await Promise.all([
      presentBoards(deps, readerOf(actor), all),
      boardsHoldingPin(
        deps,
        all.map((b) => b.id),
        o.pin_id,
      ),
    ]);
    const data = json.map((b, i) => ({ ...b, picker_section: i < recent.length ? 'recent' : 'all', saved_here: holding.has(b.id) }));
    return { data, bookmark };
  },
});

export const boardResources: Resource[] = [BoardResource, BoardSectionResource, BoardsFeedResource, BoardFeedResource, BoardPickerBoardsResource];
