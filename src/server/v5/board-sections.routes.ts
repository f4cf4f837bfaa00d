import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteSectionOfBoard, renameSectionOfBoard } from '../boards/boards-v5.service.ts';
import { addSection, sectionsPage } from '../boards/sections.service.ts';
import type { Deps } from '../deps.ts';
import { boardFeed } from '../feeds/board-feed.ts';
import { presentPinsForApi } from '../pins/pins-v5.service.ts';
import { CreateSection, DeleteSection, ListSectionPins, ListSections, UpdateSection } from '../../shared/contracts/v5-boards.ts';
import { presentV5Section } from './boards.present.ts';
import { presentV5Pins } from './pins.present.ts';
import { paged } from './v5.http.ts';

const tags = ['v5 board sections'];

/** /v5/boards/{board_id}/sections: a board's sections and the pins in each. */
export function registerV5SectionRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/v5/boards/:board_id/sections', {
    schema: { tags, summary: "A board's sections, oldest first", ...ListSections.schema },
    config: { scopes: ListSections.scopes },
    handler: async (request) => {
      const q = request.query;
      const { sections, bookmark } = await sectionsPage(deps, request.actor, { boardId: request.params.board_id, bookmark: q.bookmark, pageSize: q.page_size });
      return paged(sections.map(presentV5Section), bookmark);
    },
  });

  typed.post('/v5/boards/:board_id/sections', {
    schema: { tags, summary: 'Add a section to a board', ...CreateSection.schema },
    config: { scopes: CreateSection.scopes, errors: CreateSection.errors },
    handler: async (request, reply) => {
      const section = await addSection(deps, request.actor, request.params.board_id, request.body.name);
      return reply.code(201).send(presentV5Section(section));
    },
  });

  typed.patch('/v5/boards/:board_id/sections/:section_id', {
    schema: { tags, summary: 'Rename a section', ...UpdateSection.schema },
    config: { scopes: UpdateSection.scopes, errors: UpdateSection.errors },
    handler: async (request) => {
      const { board_id, section_id } = request.params;
      return presentV5Section(await renameSectionOfBoard(deps, request.actor, board_id, section_id, request.body.name));
    },
  });

  typed.delete('/v5/boards/:board_id/sections/:section_id', {
    schema: { tags, summary: 'Delete a section and the saves in it', ...DeleteSection.schema },
    config: { scopes: DeleteSection.scopes, errors: DeleteSection.errors },
    handler: async (request, reply) => {
      const { board_id, section_id } = request.params;
      await deleteSectionOfBoard(deps, request.actor, board_id, section_id);
      return reply.code(204).send();
    },
  });

  typed.get('/v5/boards/:board_id/sections/:section_id/pins', {
    schema: { tags, summary: 'The pins in a section, newest save first', ...ListSectionPins.schema },
    config: { scopes: ListSectionPins.scopes, errors: ListSectionPins.errors },
    handler: async (request) => {
      const { board_id, section_id } = request.params;
      const q = request.query;
      const feed = await boardFeed(deps, request.actor, { boardId: board_id, sectionId: section_id, bookmark: q.bookmark, pageSize: q.page_size });
      return paged(presentV5Pins(await presentPinsForApi(deps, request.actor, feed.items)), feed.bookmark);
    },
  });
}
