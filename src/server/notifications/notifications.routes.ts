import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SettingsGroupsGetRoute, SettingsGroupsPutRoute, UnsubscribePostRoute, UnsubscribeRoute } from '../../shared/contracts/notifications.ts';
import type { Deps } from '../deps.ts';
import { restSuccess } from '../http/envelope.ts';
import { changeSettingsGroups, settingsGroups } from './news-settings.service.ts';
import { unsubscribeFromNewsMail } from './unsubscribe.service.ts';
import { PUSH_WORKER_PATH, PUSH_WORKER_SOURCE } from './push-worker.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's authority is a signed link in its query: no session or CSRF token is read (a mail client posts it). */
    signedLink?: boolean;
  }
}

/** The settings calls of business spec sections 3 and 4 that are REST paths, and a news mail's unsubscribe link. */
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
  app.get(PUSH_WORKER_PATH, { schema: { hide: true } }, (_request, reply) =>
    // Browsers check a service worker for updates themselves; no-cache keeps a changed one from waiting a day.
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(PUSH_WORKER_SOURCE),
  );
  // GET for the link in the mail's text, POST for List-Unsubscribe-Post (RFC 8058).
  const summary = 'Stop news by email, from the signed link of a news mail (no sign-in)';
  typed.get('/v3/notifications/unsubscribe/', {
    schema: { tags, summary, ...UnsubscribeRoute },
    config: { signedLink: true },
    handler: async (request) => restSuccess(await unsubscribeFromNewsMail(deps, request.query.token)),
  });
  typed.post('/v3/notifications/unsubscribe/', {
    schema: { tags, summary, ...UnsubscribePostRoute },
    config: { signedLink: true },
    handler: async (request) => restSuccess(await unsubscribeFromNewsMail(deps, request.query.token)),
  });
}
