import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visitor, type Actor } from './access/actor.ts';
import { registerAuthHook } from './auth/auth.hook.ts';
import { accountSecurityResources } from './auth/account-security.resources.ts';
import { registerAccountSecurityRoutes } from './auth/account-security.routes.ts';
import { authResources } from './auth/auth.resources.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { registerMfaRoutes } from './auth/mfa.routes.ts';
import { boardResources } from './boards/boards.resources.ts';
import { businessResources } from './business/business.resources.ts';
import { registerBusinessRoutes } from './business/business.routes.ts';
import { collaboratorResources } from './boards/collaborators.resources.ts';
import { discoveryResources } from './discovery/discovery.resources.ts';
import { nuxResources } from './discovery/nux.resources.ts';
import { feedResources } from './feeds/feeds.resources.ts';
import { experimentResources } from './experiments/experiments.resources.ts';
import { telemetryResources } from './telemetry/telemetry.resources.ts';
import { registerTelemetryRoutes } from './telemetry/telemetry.routes.ts';
import { moderationResources } from './moderation/moderation.resources.ts';
import { registerModerationRoutes } from './moderation/moderation.routes.ts';
import { registerBatchRoutes } from './batch/batch.routes.ts';
import { commentResources } from './comments/comments.resources.ts';
import { registerCommentRoutes } from './comments/comments.routes.ts';
import { registerLiveRoutes } from './live/live.routes.ts';
import { conversationsSnapshot } from './messages/conversations.service.ts';
import { messageResources } from './messages/messages.resources.ts';
import type { Deps } from './deps.ts';
import { registerGraphQL } from './graphql/graphql.routes.ts';
import { answerFrameworkError, installErrorHandler } from './http/error-handler.ts';
import { registerAdmissionControl } from './http/admission.ts';
import { registerHealthRoutes } from './http/health.routes.ts';
import { registerMetrics } from './http/metrics.ts';
import { createResourceRunner, registerResources, type Resource } from './http/resources.ts';
import { createVisitorCache } from './http/visitor-cache.ts';
import { registerSeoRoutes } from './seo/seo.routes.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { refuseNul } from './http/validate.ts';
import { registerMediaRoutes } from './media/media.routes.ts';
import { registerPages } from './pages/pages.routes.ts';
import { pinMediaAccess } from './access/media.policy.ts';
import { pinResources } from './pins/pins.resources.ts';
import { reactionResources } from './pins/reactions.resources.ts';
import { socialResources } from './social/social.resources.ts';
import { scrapeResources } from './scrape/scrape.resources.ts';
import { searchResources } from './search/search.resources.ts';
import { userResources } from './users/users.resources.ts';
import { settingsResources } from './users/settings.resources.ts';
import { notificationResources } from './notifications/notifications.resources.ts';
import { registerNotificationRoutes } from './notifications/notifications.routes.ts';
import { visualResources } from './visual/visual.resources.ts';
import { didItResources } from './tried/did-its.resources.ts';
import { organizeResources } from './organize/organize.resources.ts';
import { registerOrganizeRoutes } from './organize/organize.routes.ts';
import { registerVisualRoutes } from './visual/visual.routes.ts';
import { registerUserRoutes } from './users/users.routes.ts';
import { registerV5Routes } from './v5/v5.routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyInstance {
    /** Every route as registered, with its schema: what the contract registry test walks. */
    routeCatalogue: readonly RouteOptions[];
  }
}

// A missing field reads 'Required', the spec's message, rather than zod's type description.
z.config({ customError: (issue) => (issue.input === undefined ? 'Required' : undefined) });

/** Request bodies above this are refused with 413 before they are parsed (uploads stream elsewhere). */
export const BODY_LIMIT = 1024 * 1024;

/** Every resource of every area; an area adds its list here. */
export const resources: Resource[] = [
  ...authResources,
  ...accountSecurityResources,
  ...boardResources,
  ...collaboratorResources,
  ...discoveryResources,
  ...nuxResources,
  ...feedResources,
  ...pinResources,
  ...reactionResources,
  ...searchResources,
  ...socialResources,
  ...scrapeResources,
  ...settingsResources,
  ...notificationResources,
  ...userResources,
  ...visualResources,
  ...experimentResources,
  ...telemetryResources,
  ...moderationResources,
  ...didItResources,
  ...organizeResources,
  ...commentResources,
  ...messageResources,
  ...businessResources,
];

export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
  });
  const routeCatalogue: RouteOptions[] = [];
  app.decorate('routeCatalogue', routeCatalogue);
  app.addHook('onRoute', (route) => {
    routeCatalogue.push(route);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Fastify refuses an object as a decoration's initial value (it would be shared by every
  // request); declared empty here, and the hook below gives each request its actor.
  app.decorateRequest('actor');
  app.addHook('onRequest', (request, _reply, done) => {
    request.actor = visitor;
    done();
  });
  installErrorHandler(app);
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseNul(request.query);
      refuseNul(request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });

  registerSecurityHeaders(app, deps.config.publicUrl);
  await registerAdmissionControl(app, deps.config.admission);
  await app.register(cookie);
  registerAuthHook(app, deps);
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Corkboard HTTP API', version: '1' },
      servers: [{ url: deps.config.publicUrl.origin }],
    },
    transform: jsonSchemaTransform,
  });

  registerMetrics(app, deps.config.metrics);
  registerHealthRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerMfaRoutes(app, deps);
  registerAccountSecurityRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerTelemetryRoutes(app, deps);
  registerModerationRoutes(app, deps);
  registerOrganizeRoutes(app, deps);
  registerBatchRoutes(app, deps);
  registerCommentRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerLiveRoutes(app, deps, conversationsSnapshot);
  registerBusinessRoutes(app, deps);
  await registerMediaRoutes(app, deps, { access: pinMediaAccess });
  await registerV5Routes(app, deps);
  await registerVisualRoutes(app, deps);
  const runner = createResourceRunner(deps, resources);
  const visitorCache = createVisitorCache(deps.writes);
  registerResources(app, runner, visitorCache);
  registerGraphQL(app, deps);
  registerSeoRoutes(app, deps);
  app.get('/api/openapi.json', { schema: { hide: true } }, () => Promise.resolve(app.swagger()));
  await registerPages(app, deps, runner, visitorCache);
  return app;
}
