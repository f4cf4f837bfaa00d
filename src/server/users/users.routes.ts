import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ViewerRoute } from '../../shared/contracts/users.ts';
import type { Deps } from '../deps.ts';
import { restSuccess } from '../http/envelope.ts';
import { signedInViewer } from './viewer.ts';

export function registerUserRoutes(app: FastifyInstance, deps: Deps): void {
  app.withTypeProvider<ZodTypeProvider>().get('/v3/users/me/', {
    schema: { tags: ['users'], summary: 'The signed-in viewer', ...ViewerRoute },
    handler: async (request) => restSuccess(await signedInViewer(deps, request.actor)),
  });
}
