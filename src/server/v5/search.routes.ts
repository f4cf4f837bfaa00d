import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { presentBoardsForApi } from '../boards/boards-v5.service.ts';
import type { Deps } from '../deps.ts';
import { presentPinsForApi } from '../pins/pins-v5.service.ts';
import { searchOwnBoards, searchOwnPins } from '../search/search-v5.service.ts';
import { SearchBoards, SearchPins } from '../../shared/contracts/v5-search.ts';
import { presentV5Board } from './boards.present.ts';
import { presentV5Pins } from './pins.present.ts';
import { paged } from './v5.http.ts';

const tags = ['v5 search'];

/** /v5/search/pins and /v5/search/boards: the token user's own pins (the ones they saved) and boards (owned and collaborating). */
export function registerV5SearchRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/v5/search/pins', {
    schema: { tags, summary: "Search the token user's pins by keywords or by comma-separated pin ids", ...SearchPins.schema },
    config: { scopes: SearchPins.scopes },
    handler: async (request) => {
      const { pins, bookmark } = await searchOwnPins(deps, request.actor, request.query);
      const shown = await presentPinsForApi(
        deps,
        request.actor,
        pins.map((pin) => ({ pin })),
      );
      return paged(presentV5Pins(shown), bookmark);
    },
  });

  typed.get('/v5/search/boards', {
    schema: { tags, summary: "Search the token user's boards (owned and collaborating); without a query, all of them", ...SearchBoards.schema },
    config: { scopes: SearchBoards.scopes },
    handler: async (request) => {
      const { query, bookmark, page_size } = request.query;
      const { boards, bookmark: next } = await searchOwnBoards(deps, request.actor, { query, bookmark, pageSize: page_size });
      return paged((await presentBoardsForApi(deps, request.actor, boards)).map(presentV5Board), next);
    },
  });
}
