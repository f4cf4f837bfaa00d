import type { FastifyRequest } from 'fastify';
import { botType } from '../../shared/request-context.ts';
import type { Viewer } from '../../shared/viewer.ts';
import type { Deps } from '../deps.ts';
import { activeExperiments, assignmentUnit } from './experiments.service.ts';
import { visitorIdOf } from './visitor-id.ts';

/** The request's experiment groups: its member (or visitor id cookie), bots in none. */
export async function requestExperiments(
  deps: Deps,
  request: FastifyRequest,
  viewer: Viewer | null,
  visitorId = visitorIdOf(request),
): Promise<Record<string, string>> {
  const userAgent = request.headers['user-agent'] ?? '';
  const unit = assignmentUnit({ actor: request.actor, employee: viewer?.is_employee ?? false, visitorId, isBot: botType(userAgent) !== null });
  return activeExperiments(deps, unit);
}
