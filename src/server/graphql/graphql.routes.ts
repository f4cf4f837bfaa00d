import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { execute } from 'graphql';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { loadPersistedQueries } from './persisted-queries.ts';
import { buildSchema, type GraphQLContext } from './schema.ts';

const GraphQLRequest = z.object({
  queryHash: z.string().regex(/^[0-9a-f]{64}$/, 'queryHash must be a SHA-256 hex digest'),
  variables: z.record(z.string(), z.unknown()).default({}),
});

/** POST /_/graphql/: persisted queries only, answered as graphql-js produces them. */
export function registerGraphQL(app: FastifyInstance, deps: Deps): void {
  const schema = buildSchema();
  const queries = loadPersistedQueries(schema);
  app.withTypeProvider<ZodTypeProvider>().post('/_/graphql/', {
    schema: { tags: ['graphql'], summary: 'Run a persisted GraphQL query', body: GraphQLRequest },
    handler: async (request) => {
      const query = queries.get(request.body.queryHash);
      if (!query) throw new AppError('not_found', 'PersistedQueryNotFound');
      const contextValue: GraphQLContext = { deps, actor: request.actor };
      return execute({ schema, document: query.document, variableValues: request.body.variables, contextValue });
    },
  });
}
