import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BatchRoute } from '../../shared/contracts/batch.ts';
import { cookieNames } from '../auth/cookies.ts';
import type { Deps } from '../deps.ts';
import { restSuccess } from '../http/envelope.ts';
import { batchUsers } from './batch.service.ts';

export function registerBatchRoutes(app: FastifyInstance, deps: Deps): void {
  const browser = cookieNames(deps.config.secureCookies).browser;
  app.withTypeProvider<ZodTypeProvider>().post('/v3/batch/', {
    schema: { tags: ['users'], summary: 'Several GET v3/users/{id}/ of this browser accounts in one call', ...BatchRoute },
    handler: async (request) =>
      restSuccess(
        await batchUsers(
          deps,
          request.actor,
          request.body.requests.map((r) => r.uri),
          request.cookies[browser],
        ),
      ),
  });
}
