import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../access/actor.ts';
import { SectionTitle } from '../boards/board.inputs.ts';
import { boardFeed } from '../boards/board-feed.ts';
import { addSection, deleteSection, findVisibleSection, renameSection, sectionsPage } from '../boards/sections.service.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readerOf } from '../access/authorized.ts';
import { presentV5Section } from './boards.present.ts';
import { presentV5Pins } from './pins.present.ts';
import { AdAccountQuery, PageQuery, paged, requireScopes, SCOPES, V5Id } from './v5.http.ts';

const tags = ['v5 board sections'];

const BoardParams = z.object({ board_id: V5Id });
const SectionParams = BoardParams.extend({ section_id: V5Id });
const SectionBody = z.object({ name: SectionTitle });

/** A section named through its board's path must be that board's: another board's is not found here. */
async function requireSectionOfBoard(deps: Deps, actor: Actor, boardId: string, sectionId: string): Promise<void> {
  const { board } = await findVisibleSection(deps.db, readerOf(actor), sectionId);
  if (board.id !== boardId) throw new AppError('not_found');
}

/** /v5/boards/{board_id}/sections: a board's sections and the pins in each. */
export function registerV5SectionRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/v5/boards/:board_id/sections', {
    schema: { tags, summary: "A board's sections, oldest first", params: BoardParams, querystring: PageQuery },
    handler: async (request) => {
      const actor = requireScopes(request.actor, SCOPES.readBoards);
      const q = request.query;
      const { sections, bookmark } = await sectionsPage(deps, actor, { boardId: request.params.board_id, bookmark: q.bookmark, pageSize: q.page_size });
      return paged(sections.map(presentV5Section), bookmark);
    },
  });

  typed.post('/v5/boards/:board_id/sections', {
    schema: { tags, summary: 'Add a section to a board', params: BoardParams, querystring: AdAccountQuery, body: SectionBody },
    handler: async (request, reply) => {
      const actor = requireScopes(request.actor, SCOPES.writeBoards);
      const section = await addSection(deps, actor, request.params.board_id, request.body.name);
      return reply.code(201).send(presentV5Section(section));
    },
  });

  typed.patch('/v5/boards/:board_id/sections/:section_id', {
    schema: { tags, summary: 'Rename a section', params: SectionParams, querystring: AdAccountQuery, body: SectionBody },
    handler: async (request) => {
      const actor = requireScopes(request.actor, SCOPES.writeBoards);
      const { board_id, section_id } = request.params;
      await requireSectionOfBoard(deps, actor, board_id, section_id);
      return presentV5Section(await renameSection(deps, actor, section_id, request.body.name));
    },
  });

  typed.delete('/v5/boards/:board_id/sections/:section_id', {
    schema: { tags, summary: 'Delete a section and the saves in it', params: SectionParams, querystring: AdAccountQuery },
    handler: async (request, reply) => {
      const actor = requireScopes(request.actor, SCOPES.writeBoards);
      const { board_id, section_id } = request.params;
      await requireSectionOfBoard(deps, actor, board_id, section_id);
      await deleteSection(deps, actor, section_id);
      return reply.code(204).send();
    },
  });

  typed.get('/v5/boards/:board_id/sections/:section_id/pins', {
    schema: { tags, summary: 'The pins in a section, newest save first', params: SectionParams, querystring: PageQuery },
    handler: async (request) => {
      const actor = requireScopes(request.actor, SCOPES.readBoardPins);
      const { board_id, section_id } = request.params;
      const q = request.query;
      const feed = await boardFeed(deps, actor, { boardId: board_id, sectionId: section_id, bookmark: q.bookmark, pageSize: q.page_size });
      return paged(await presentV5Pins(deps, readerOf(actor), feed.items), feed.bookmark);
    },
  });
}
