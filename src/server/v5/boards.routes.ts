import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOARD_DESCRIPTION_MAX, BoardName, multilineText } from '../boards/board.inputs.ts';
import { boardFeed } from '../boards/board-feed.ts';
import { userBoards } from '../boards/boards-feed.ts';
import { getBoard } from '../boards/boards.query.ts';
import { createBoard, deleteBoard, updateBoard } from '../boards/boards.service.ts';
import type { BoardPrivacy } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { readerOf } from '../access/authorized.ts';
import { presentV5Board, presentV5Boards } from './boards.present.ts';
import { presentV5Pins } from './pins.present.ts';
import { AdAccountQuery, CreativeTypes, emptyPage, kindsOf, PageQuery, paged, QueryFlag, requireScopes, SCOPES, usernameOf, V5Id } from './v5.http.ts';

const tags = ['v5 boards'];

const BoardParams = z.object({ board_id: V5Id });

/** The reference's BoardPrivacyFilter; we have no protected boards, so that filter finds none. */
const PRIVACY_FILTER = { ALL: undefined, PUBLIC_AND_SECRET: undefined, PUBLIC: 'public', SECRET: 'secret', PROTECTED: null } as const satisfies Record<
  string,
  BoardPrivacy | null | undefined
>;

const BoardListQuery = PageQuery.extend({ privacy: z.enum(['ALL', 'PUBLIC', 'PROTECTED', 'SECRET', 'PUBLIC_AND_SECRET']).default('ALL') });

const Description = multilineText(BOARD_DESCRIPTION_MAX).nullable().optional();
const Privacy = z.enum(['PUBLIC', 'SECRET']);
const toPrivacy = (privacy: string | undefined): BoardPrivacy | undefined => (privacy === 'SECRET' ? 'secret' : privacy === 'PUBLIC' ? 'public' : undefined);

const BoardCreateBody = z.object({
  name: BoardName,
  description: Description,
  privacy: z
    .enum(['PUBLIC', 'SECRET', 'PROTECTED'])
    .refine((v) => v !== 'PROTECTED', 'Protected boards are not supported: use PUBLIC or SECRET.')
    .optional(),
  is_ads_only: z
    .boolean()
    .refine((v) => !v, 'Ad-only boards are not supported.')
    .optional(),
});

const BoardUpdateBody = z.object({ name: BoardName.optional(), description: Description, privacy: Privacy.optional() });

const BoardPinsQuery = PageQuery.extend({ creative_types: CreativeTypes.optional(), pin_metrics: QueryFlag.optional() });

/** /v5/boards: the token user's boards (owned and collaborating), each board, its pins. */
export function registerV5BoardRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/v5/boards', {
    schema: { tags, summary: "List the token user's boards and group boards, newest first", querystring: BoardListQuery },
    handler: async (request) => {
      const actor = requireScopes(request.actor, SCOPES.readBoards);
      const q = request.query;
      const privacy = PRIVACY_FILTER[q.privacy];
      if (privacy === null) return emptyPage();
      const username = await usernameOf(deps, actor);
      const { boards, bookmark } = await userBoards(deps, actor, {
        username,
        sort: 'newest',
        archived: false,
        bookmark: q.bookmark,
        privacy,
        pageSize: q.page_size,
      });
      return paged(await presentV5Boards(deps, readerOf(actor), boards), bookmark);
    },
  });

  typed.post('/v5/boards', {
    schema: { tags, summary: 'Create a board', querystring: AdAccountQuery, body: BoardCreateBody },
    handler: async (request, reply) => {
      const actor = requireScopes(request.actor, SCOPES.writeBoards);
      const { name, description, privacy } = request.body;
      const board = await createBoard(deps, actor, { name, description: description ?? undefined, privacy: toPrivacy(privacy) });
      return reply.code(201).send(await presentV5Board(deps, readerOf(actor), board));
    },
  });

  typed.get('/v5/boards/:board_id', {
    schema: { tags, summary: 'A board the token user may see', params: BoardParams, querystring: AdAccountQuery },
    handler: async (request) => {
      const actor = requireScopes(request.actor, SCOPES.readBoards);
      return presentV5Board(deps, readerOf(actor), await getBoard(deps, actor, request.params.board_id));
    },
  });

  typed.patch('/v5/boards/:board_id', {
    schema: { tags, summary: 'Change a board’s name, description or privacy', params: BoardParams, querystring: AdAccountQuery, body: BoardUpdateBody },
    handler: async (request) => {
      const actor = requireScopes(request.actor, SCOPES.writeBoards);
      const { name, description, privacy } = request.body;
      const changes = { name, description: description === null ? '' : description, privacy: toPrivacy(privacy) };
      return presentV5Board(deps, readerOf(actor), await updateBoard(deps, actor, request.params.board_id, changes));
    },
  });

  typed.delete('/v5/boards/:board_id', {
    schema: { tags, summary: 'Delete a board with its sections and saves', params: BoardParams, querystring: AdAccountQuery },
    handler: async (request, reply) => {
      const actor = requireScopes(request.actor, SCOPES.writeBoards);
      await deleteBoard(deps, actor, request.params.board_id);
      return reply.code(204).send();
    },
  });

  typed.get('/v5/boards/:board_id/pins', {
    schema: { tags, summary: 'The pins on a board, newest save first', params: BoardParams, querystring: BoardPinsQuery },
    handler: async (request) => {
      const actor = requireScopes(request.actor, SCOPES.readBoardPins);
      const q = request.query;
      const kinds = kindsOf(q.creative_types);
      if (kinds === null) {
        await getBoard(deps, actor, request.params.board_id);
        return emptyPage();
      }
      const feed = await boardFeed(deps, actor, { boardId: request.params.board_id, bookmark: q.bookmark, pageSize: q.page_size, kinds });
      return paged(await presentV5Pins(deps, readerOf(actor), feed.items, { metrics: q.pin_metrics }), feed.bookmark);
    },
  });
}
