import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boardsOfMember, userBoards } from '../boards/boards-feed.ts';
import type { Deps } from '../deps.ts';
import { SearchOptions, SearchQuery } from '../search/search.inputs.ts';
import { searchPage } from '../search/search.service.ts';
import { readerOf } from '../access/authorized.ts';
import { presentV5Boards } from './boards.present.ts';
import { presentV5Pins } from './pins.present.ts';
import { AdAccountQuery, PageQuery, paged, requireScopes, SCOPES, usernameOf, type TokenActor } from './v5.http.ts';
import { shownPins } from '../access/visibility.repo.ts';

const tags = ['v5 search'];

/** The reference's search query: keywords, or pin ids separated by commas. */
const PinSearchQuery = AdAccountQuery.extend({ query: SearchQuery, bookmark: z.string().max(512).optional() });
const BoardSearchQuery = PageQuery.extend({ query: SearchQuery.optional() });

/** At most this many ids in one query: a page's worth and more. */
const IDS_MAX = 250;
const PIN_IDS = /^\s*\d{1,20}(\s*,\s*\d{1,20})*\s*$/;

/**
 * /v5/search/pins and /v5/search/boards: the token user's own pins (the ones they saved) and
 * boards (owned and collaborating), found by the text index of the search page
 * (docs/decisions/0018-search.md), exact words only: an API caller asked for those.
 */
export function registerV5SearchRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/v5/search/pins', {
    schema: { tags, summary: "Search the token user's pins by keywords or by comma-separated pin ids", querystring: PinSearchQuery },
    handler: async (request) => {
      const actor = requireScopes(request.actor, SCOPES.searchPins);
      const { query, bookmark } = request.query;
      const reader = readerOf(actor);
      if (PIN_IDS.test(query)) return { items: await presentV5Pins(deps, reader, await savedPinsByIds(deps, actor, query)), bookmark: null };
      const page = await searchPage(deps, actor, SearchOptions.parse({ query, scope: 'my_pins', bookmark, auto_correction_disabled: true }));
      const pins = await pinsInOrder(deps, page.ids);
      return paged(
        await presentV5Pins(
          deps,
          reader,
          pins.map((pin) => ({ pin })),
        ),
        page.bookmark,
      );
    },
  });

  typed.get('/v5/search/boards', {
    schema: { tags, summary: "Search the token user's boards (owned and collaborating); without a query, all of them", querystring: BoardSearchQuery },
    handler: async (request) => {
      const actor = requireScopes(request.actor, SCOPES.searchBoards);
      const { query, bookmark, page_size } = request.query;
      const reader = readerOf(actor);
      const username = await usernameOf(deps, actor);
      if (query === undefined) {
        const { boards, bookmark: next } = await userBoards(deps, actor, { username, sort: 'newest', archived: false, bookmark, pageSize: page_size });
        return paged(await presentV5Boards(deps, reader, boards), next);
      }
      const page = await searchPage(
        deps,
        actor,
        SearchOptions.parse({ query, scope: 'boards', user: username, bookmark, auto_correction_disabled: true }),
        page_size,
      );
      return paged(await presentV5Boards(deps, reader, await boardsInOrder(deps, actor, page.ids)), page.bookmark);
    },
  });
}

/** The pins with these ids that the token user saved and may still see, in the order asked. */
async function savedPinsByIds(deps: Deps, actor: TokenActor, query: string) {
  const ids = [...new Set(query.split(',').map((id) => id.trim()))].slice(0, IDS_MAX);
  const reader = readerOf(actor);
  const pins = await deps.db
    .selectFrom('pins')
    .selectAll()
    .where('pins.id', 'in', ids)
    .where(shownPins(reader))
    .where((eb) =>
      eb.exists(
        eb.selectFrom('board_pins').select('board_pins.id').whereRef('board_pins.pin_id', '=', 'pins.id').where('board_pins.saved_by', '=', actor.userId),
      ),
    )
    .execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  return pins.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)).map((pin) => ({ pin }));
}

async function pinsInOrder(deps: Deps, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await deps.db.selectFrom('pins').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The found boards, still the user's (a search ranks before it pages), in ranked order. */
async function boardsInOrder(deps: Deps, actor: TokenActor, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await deps.db.selectFrom('boards').selectAll().where('boards.id', 'in', ids).where(boardsOfMember(actor.userId)).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
