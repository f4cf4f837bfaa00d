import { BoardPickerBoardsResource, BoardResource, BoardSectionResource, BoardsFeedResource } from '../../shared/contracts/boards.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { boardPicker, boardsFeed } from './board-lists.service.ts';
import { readBoard, readSections } from './board-reads.service.ts';
import { presentBoardTo, presentSection } from './boards.present.ts';
import { createBoard, deleteBoard, editBoard } from './boards.service.ts';
import { addSection, deleteSection, renameSection } from './sections.service.ts';

export const boardResources: Resource[] = [
  defineResource(BoardResource, {
    get: async ({ input, actor, deps }) => ({ data: await readBoard(deps, actor, input) }),
    create: async ({ input, actor, deps }) => ({ data: await presentBoardTo(deps, actor, await createBoard(deps, actor, input)) }),
    update: async ({ input, actor, deps }) => {
      const { board_id, ...changes } = input;
      return { data: await presentBoardTo(deps, actor, await editBoard(deps, actor, board_id, changes)) };
    },
    delete: async ({ input, actor, deps }) => {
      await deleteBoard(deps, actor, input.board_id);
      return { data: null };
    },
  }),
  defineResource(BoardSectionResource, {
    get: async ({ input, actor, deps }) => ({ data: await readSections(deps, actor, input) }),
    create: async ({ input, actor, deps }) => ({ data: await presentSection(deps, await addSection(deps, actor, input.board_id, input.title)) }),
    update: async ({ input, actor, deps }) => ({ data: await presentSection(deps, await renameSection(deps, actor, input.section_id, input.title)) }),
    delete: async ({ input, actor, deps }) => {
      await deleteSection(deps, actor, input.section_id);
      return { data: null };
    },
  }),
  defineResource(BoardsFeedResource, {
    get: async ({ input, actor, deps }) => {
      const { boards, bookmark } = await boardsFeed(deps, actor, input);
      return { data: boards, bookmark };
    },
  }),
  defineResource(BoardPickerBoardsResource, {
    get: async ({ input, actor, deps }) => {
      const { boards, bookmark } = await boardPicker(deps, actor, { query: input.query, pinId: input.pin_id, bookmark: input.bookmark });
      return { data: boards, bookmark };
    },
  }),
];
