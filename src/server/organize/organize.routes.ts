import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BoardBlockingActionsRoute } from '../../shared/contracts/blocking-actions.ts';
import type { Deps } from '../deps.ts';
import { restSuccess } from '../http/envelope.ts';
import { readBoardActions } from './organize.service.ts';

/** The board call of viewer spec section 7 that reads a board's blocking actions. */
export function registerOrganizeRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/v3/boards/:id/', {
    schema: { tags: ['boards'], summary: 'A board’s id and blocking actions (fields: board.id, board.blocking_actions)', ...BoardBlockingActionsRoute },
    handler: async (request) =>
      restSuccess(await readBoardActions(deps, request.actor, request.params.id, request.query.fields ?? ['board.id', 'board.blocking_actions'])),
  });
}
