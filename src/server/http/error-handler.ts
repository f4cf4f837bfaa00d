import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, toApiError, type ErrorName } from '../errors.ts';
import type { V5NamedError, V5NamedErrors } from '../../shared/contracts/v5.ts';
import { resourceFailure, restFailure } from './envelope.ts';
import { isPublicApiUrl } from './public-api.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The public API: the error answers the reference names for the route's operation. */
    errors?: V5NamedErrors;
  }
}

const BY_STATUS: Record<number, ErrorName> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Turns anything thrown into an AppError; unexpected errors become 'internal' with no detail. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const status = error instanceof Error ? (error as Partial<FastifyError>).statusCode : undefined;
  const validation = error instanceof Error ? (error as Partial<FastifyError>).validation : undefined;
  if (validation?.[0]) return new AppError('bad_request', describeIssue(validation[0]));
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const name = BY_STATUS[status] ?? 'bad_request';
    // Fastify's own 4xx messages (bad JSON, body too large) are safe and useful to show.
    return new AppError(name, (error as Error).message);
  }
  return new AppError('internal');
}

/** `email: Please enter a valid email address`, from a schema issue at /email of the body. */
function describeIssue(issue: { instancePath?: string; message?: string }): string {
  const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const message = issue.message ?? 'invalid value';
  return field ? `${field}: ${message}` : message;
}

/** Each protocol family answers errors in its own envelope; the mapping lives only here. */
export function sendError(request: FastifyRequest, reply: FastifyReply, appError: AppError) {
  const url = request.url;
  reply.status(appError.httpStatus);
  const retryAfter = appError.extra?.['retryAfterSeconds'];
  if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  if (url.startsWith('/resource/')) return reply.send(resourceFailure(appError));
  if (isPublicApiUrl(url)) {
    const { code, message } = namedError(request.routeOptions.config.errors, appError) ?? toApiError(appError);
    return reply.send({ code, message });
  }
  if (url.startsWith('/_/graphql/')) {
    const { code, message } = toApiError(appError);
    return reply.send({ errors: [{ message, extensions: { code, http_status: appError.httpStatus } }] });
  }
  return reply.send(restFailure(appError));
}

/**
 * The reference's answer for the operation's failure, where it names one for the status (and the
 * thing missing) and ours is the generic one: a refusal with its own detail (a missing scope, a
 * bad field) says more than the reference's example and keeps it.
 */
function namedError(errors: V5NamedErrors | undefined, appError: AppError): V5NamedError | undefined {
  if (appError.detail !== undefined) return undefined;
  const named = errors?.[appError.httpStatus];
  if (named === undefined || 'code' in named) return named;
  return appError.subject === undefined ? undefined : named[appError.subject];
}

/**
 * Errors the router meets before any route or hook runs (a path that does not decode, a path
 * parameter past the router's length limit), in the envelope of the path's protocol like the rest.
 * A parameter that long cannot name anything of ours: not found.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? new AppError('not_found') : new AppError('bad_request', 'This address is not valid.');
  sendError(request, reply, appError);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.errorName === 'internal') request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, appError);
  });
  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError('not_found')));
}
