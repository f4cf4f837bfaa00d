import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { execute, type GraphQLError } from 'graphql';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { AppError, toApiError } from '../errors.ts';
import { loadPersistedQueries } from './persisted-queries.ts';
import { buildSchema, type GraphQLContext } from './schema.ts';

const GraphQLRequest = z.object({
  queryHash: z.string().regex(/^[0-9a-f]{64}$/, 'queryHash must be a SHA-256 hex digest'),
  variables: z.record(z.string(), z.unknown()).default({}),
});

type AnsweredError = { message: string; path?: readonly (string | number)[]; extensions: { code: number; http_status: number } };

/**
 * An error as the client reads it, with the catalogue's code and status as the other protocols
 * give them. A service's AppError keeps its message; an error with a path that is not one of ours
 * is a bug, logged and answered without detail; graphql-js's own (variables that do not fit the
 * query) say what was wrong.
 */
function answerError(error: GraphQLError, log: FastifyBaseLogger): AnsweredError {
  const original = error.originalError;
  const path = error.path ? { path: error.path } : {};
  if (original instanceof AppError || (original && error.path)) {
    const appError = original instanceof AppError ? original : new AppError('internal');
    if (appError.errorName === 'internal') log.error({ err: original }, 'unexpected error in a GraphQL resolver');
    const { code, message } = toApiError(appError);
    return { message, ...path, extensions: { code, http_status: appError.httpStatus } };
  }
  const { code } = toApiError(new AppError('bad_request'));
  return { message: error.message, ...path, extensions: { code, http_status: 400 } };
}

/**
 * POST /_/graphql/: persisted queries only. A request graphql-js refuses before running (no data)
 * answers 400; errors of single fields come in `errors` beside the data, with 200.
 */
export function registerGraphQL(app: FastifyInstance, deps: Deps): void {
  const schema = buildSchema();
  const queries = loadPersistedQueries(schema);
  app.withTypeProvider<ZodTypeProvider>().post('/_/graphql/', {
    schema: { tags: ['graphql'], summary: 'Run a persisted GraphQL query', body: GraphQLRequest },
    handler: async (request, reply) => {
      const query = queries.get(request.body.queryHash);
      if (!query) throw new AppError('not_found', 'PersistedQueryNotFound');
      const contextValue: GraphQLContext = { deps, actor: request.actor };
      const result = await execute({ schema, document: query.document, variableValues: request.body.variables, contextValue });
      if (!result.errors) return result;
      if (!('data' in result)) reply.status(400);
      return { ...result, errors: result.errors.map((error) => answerError(error, request.log)) };
    },
  });
}
