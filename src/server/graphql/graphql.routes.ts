import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { execute, type GraphQLError } from 'graphql';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { AppError, toApiError } from '../errors.ts';
import { checkAnswer } from '../http/validate.ts';
import { loadPersistedQueries } from './persisted-queries.ts';
import { buildSchema, type GraphQLContext } from './schema.ts';
import { variablesError } from './variables.ts';

const GraphQLRequest = z.object({
  queryHash: z.string().regex(/^[0-9a-f]{64}$/, 'queryHash must be a SHA-256 hex digest'),
  variables: z.record(z.string(), z.unknown()).default({}),
});

const AnsweredError = z.object({
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
  extensions: z.object({ code: z.number(), http_status: z.number() }),
});
type AnsweredError = z.infer<typeof AnsweredError>;

/**
 * Every answer: the query's `data` (its own contract, src/shared/contracts/graphql.ts, checks it),
 * and the errors of fields beside it (200) or of the whole request without it (400).
 */
const GraphQLAnswer = z.object({ data: z.record(z.string(), z.unknown()).nullable().optional(), errors: z.array(AnsweredError).optional() });

/**
 * An error as the client reads it, with the catalogue's code and status as the other protocols
 * give them. A service's AppError keeps its message; an error with a path that is not one of ours
 * is a bug, logged and answered without detail; graphql-js's own (variables that do not fit the
 * query) say what was wrong.
 */
function answerError(error: GraphQLError, log: FastifyBaseLogger): AnsweredError {
  const original = error.originalError;
  const path = error.path ? { path: [...error.path] } : {};
  if (original instanceof AppError || (original && error.path)) {
    const appError = original instanceof AppError ? original : new AppError('internal');
    if (appError.errorName === 'internal') log.error({ err: original }, 'unexpected error in a GraphQL resolver');
    const { code, message } = toApiError(appError);
    return { message, ...path, extensions: { code, http_status: appError.httpStatus } };
  }
  return badRequest(error.message);
}

function badRequest(message: string): AnsweredError {
  const { code } = toApiError(new AppError('bad_request'));
  return { message, extensions: { code, http_status: 400 } };
}

/**
 * POST /_/graphql/: persisted queries only. Variables that do not fit the query's contract, and
 * any request graphql-js refuses before running (no data), answer 400; errors of single fields
 * come in `errors` beside the data, with 200.
 */
export function registerGraphQL(app: FastifyInstance, deps: Deps): void {
  const schema = buildSchema();
  const queries = loadPersistedQueries(schema);
  app.withTypeProvider<ZodTypeProvider>().post('/_/graphql/', {
    schema: { tags: ['graphql'], summary: 'Run a persisted GraphQL query', body: GraphQLRequest, response: { 200: GraphQLAnswer, 400: GraphQLAnswer } },
    handler: async (request, reply) => {
      const query = queries.get(request.body.queryHash);
      if (!query) throw new AppError('not_found', 'PersistedQueryNotFound');
      const variables = query.contract.variables.safeParse(request.body.variables);
      if (!variables.success) {
        reply.status(400);
        return { errors: [badRequest(variablesError(query.document, request.body.variables, variables.error))] };
      }
      const contextValue: GraphQLContext = { deps, actor: request.actor };
      const result = await execute({ schema, document: query.document, variableValues: variables.data, contextValue });
      if (deps.config.checkAnswers && result.data) checkAnswer(query.contract.data, result.data, `GraphQL ${query.name}`);
      if (!result.errors) return { data: result.data };
      if (!('data' in result)) reply.status(400);
      return { ...('data' in result ? { data: result.data } : {}), errors: result.errors.map((error) => answerError(error, request.log)) };
    },
  });
}
