import type { FastifyInstance } from 'fastify';
import type { Actor } from '../access/actor.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userBoards } from '../boards/board-lists.service.ts';
import { getBoard } from '../boards/board-reads.service.ts';
import { createBoard, deleteBoard, updateBoard } from '../boards/boards.service.ts';
import { presentBoardsForApi } from '../boards/boards-v5.service.ts';
import type { Board, BoardPrivacy } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { boardFeed } from '../feeds/board-feed.ts';
import { presentPinsForApi } from '../pins/pins-v5.service.ts';
import { ownAccount } from '../users/own-account.service.ts';
import {
  CreateBoard,
  DeleteBoard,
  GetBoard,
  ListBoardPins,
  ListBoards,
  UpdateBoard,
  type BOARD_PRIVACY_FILTERS,
  type V5Board,
} from '../../shared/contracts/v5-boards.ts';
import { presentV5Board } from './boards.present.ts';
import { presentV5Pins } from './pins.present.ts';
import { emptyPage, kindsOf, paged } from './v5.http.ts';

const tags = ['v5 boards'];

/** The reference's BoardPrivacyFilter; we have no protected boards, so that filter finds none. */
const PRIVACY_FILTER = { ALL: undefined, PUBLIC_AND_SECRET: undefined, PUBLIC: 'public', SECRET: 'secret', PROTECTED: null } as const satisfies Record<
  (typeof BOARD_PRIVACY_FILTERS)[number],
  BoardPrivacy | null | undefined
>;

async function presentV5BoardFor(deps: Deps, actor: Actor, board: Board): Promise<V5Board> {
  const [shown] = await presentBoardsForApi(deps, actor, [board]);
  if (!shown) throw new Error('a board presents as one board');
  return presentV5Board(shown);
}

const toPrivacy = (privacy: string | undefined): BoardPrivacy | undefined => (privacy === 'SECRET' ? 'secret' : privacy === 'PUBLIC' ? 'public' : undefined);

/** /v5/boards: the token user's boards (owned and collaborating), each board, its pins. */
export function registerV5BoardRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/v5/boards', {
    schema: { tags, summary: "List the token user's boards and group boards, newest first", ...ListBoards.schema },
    config: { scopes: ListBoards.scopes },
    handler: async (request) => {
      const q = request.query;
      const privacy = PRIVACY_FILTER[q.privacy];
      if (privacy === null) return emptyPage();
      const { username } = await ownAccount(deps, request.actor);
      const query = { username, sort: 'newest' as const, archived: false, bookmark: q.bookmark, privacy, pageSize: q.page_size };
      const { boards, bookmark } = await userBoards(deps, request.actor, query);
      return paged((await presentBoardsForApi(deps, request.actor, boards)).map(presentV5Board), bookmark);
    },
  });

  typed.post('/v5/boards', {
    schema: { tags, summary: 'Create a board', ...CreateBoard.schema },
    config: { scopes: CreateBoard.scopes },
    handler: async (request, reply) => {
      const { name, description, privacy } = request.body;
      const board = await createBoard(deps, request.actor, { name, description: description ?? undefined, privacy: toPrivacy(privacy) });
      return reply.code(201).send(await presentV5BoardFor(deps, request.actor, board));
    },
  });

  typed.get('/v5/boards/:board_id', {
    schema: { tags, summary: 'A board the token user may see', ...GetBoard.schema },
    config: { scopes: GetBoard.scopes },
    handler: async (request) => presentV5BoardFor(deps, request.actor, await getBoard(deps, request.actor, request.params.board_id)),
  });

  typed.patch('/v5/boards/:board_id', {
    schema: { tags, summary: 'Change a board’s name, description or privacy', ...UpdateBoard.schema },
    config: { scopes: UpdateBoard.scopes },
    handler: async (request) => {
      const { name, description, privacy } = request.body;
      const changes = { name, description: description === null ? '' : description, privacy: toPrivacy(privacy) };
      return presentV5BoardFor(deps, request.actor, await updateBoard(deps, request.actor, request.params.board_id, changes));
    },
  });

  typed.delete('/v5/boards/:board_id', {
    schema: { tags, summary: 'Delete a board with its sections and saves', ...DeleteBoard.schema },
    config: { scopes: DeleteBoard.scopes },
    handler: async (request, reply) => {
      await deleteBoard(deps, request.actor, request.params.board_id);
      return reply.code(204).send();
    },
  });

  typed.get('/v5/boards/:board_id/pins', {
    schema: { tags, summary: 'The pins on a board, newest save first', ...ListBoardPins.schema },
    config: { scopes: ListBoardPins.scopes, errors: ListBoardPins.errors },
    handler: async (request) => {
      const q = request.query;
      const kinds = kindsOf(q.creative_types);
      if (kinds === null) {
        await getBoard(deps, request.actor, request.params.board_id);
        return emptyPage();
      }
      const feed = await boardFeed(deps, request.actor, { boardId: request.params.board_id, bookmark: q.bookmark, pageSize: q.page_size, kinds });
      return paged(presentV5Pins(await presentPinsForApi(deps, request.actor, feed.items), { metrics: q.pin_metrics }), feed.bookmark);
    },
  });
}
