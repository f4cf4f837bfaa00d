import type { FastifyReply, FastifyRequest } from 'fastify';
import { resourceKey, type LoadedResource, type ResourceFailure } from '../../shared/resource-cache.ts';
import type { Viewer } from '../../shared/viewer.ts';
import type { RouteMatch } from '../../shared/routes.ts';
import { AppError, toApiError } from '../errors.ts';
import type { ResourceRunner } from '../http/resources.ts';
import type { ClientBuild } from './client-build.ts';

const NOTHING_HERE = new Set([400, 404]);

export type PageData = { resources: Record<string, LoadedResource>; notFound: boolean };

function failureOf(error: unknown, request: FastifyRequest): ResourceFailure {
  if (error instanceof AppError) {
    const api = toApiError(error);
    return { code: api.code, message: api.message, httpStatus: api.http_status };
  }
  request.log.error({ err: error }, 'a page resource failed');
  return { code: null, message: 'Something went wrong.', httpStatus: 500 };
}

/**
 * Runs the resources the page renders from, in-process and as the visitor, so the server's HTML
 * holds the page's content and the browser starts from the same cache without asking again.
 * A required resource that answers 404 (a secret board, a missing pin) or 400 (an id that cannot
 * exist, as in /pin/abc/) makes the page a 404: for a page, both mean there is nothing at this URL.
 */
export async function loadPageData(
  build: ClientBuild,
  runner: ResourceRunner,
  input: { match: RouteMatch | null; search: string; viewer: Viewer | null; request: FastifyRequest; reply: FastifyReply },
): Promise<PageData> {
  const { match, request, reply } = input;
  if (!match) return { resources: {}, notFound: false };
  const requests = await build.renderer.pageResources(match.handlerId, { params: match.params, search: input.search, viewer: input.viewer });
  const loaded = await Promise.all(
    requests.map(async ({ required, ...request_ }) => {
      try {
        const result = await runner.call(request_.name, 'get', request_.options, request, reply);
        return { request: request_, required, cached: { data: result.data, bookmark: result.bookmark ?? null } };
      } catch (error) {
        return { request: request_, required, cached: { error: failureOf(error, request) } };
      }
    }),
  );
  const resources: Record<string, LoadedResource> = {};
  for (const { request: resourceRequest, cached } of loaded) resources[resourceKey(resourceRequest)] = { request: resourceRequest, cached };
  const notFound = loaded.some(({ required, cached }) => required === true && 'error' in cached && NOTHING_HERE.has(cached.error?.httpStatus ?? 0));
  return { resources, notFound };
}
