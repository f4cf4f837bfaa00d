import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SettingsGroupsGetRoute, SettingsGroupsPutRoute } from '../../shared/contracts/notifications.ts';
import type { Deps } from '../deps.ts';
import { restSuccess } from '../http/envelope.ts';
import { changeSettingsGroups, settingsGroups } from './news-settings.service.ts';

/** The settings calls of business spec sections 3 and 4 that are REST paths. */
export function registerNotificationRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  for (const page of ['news', 'push'] as const) {
    typed.get(`/v3/settings/${page}/`, {
      schema: { tags, summary: page === 'news' ? 'What news arrives in the app and by email' : 'What news arrives by web push', ...SettingsGroupsGetRoute },
      handler: async (request) => restSuccess(await settingsGroups(deps, request.actor, page)),
    });
    typed.put(`/v3/settings/${page}/`, {
      schema: { tags, summary: `Change ${page} settings: the options named change, the rest stay`, ...SettingsGroupsPutRoute },
      handler: async (request) => restSuccess(await changeSettingsGroups(deps, request.actor, page, request.body.groups)),
    });
  }
}
