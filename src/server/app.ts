import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { visitor, type Actor } from './auth/actor.ts';
import type { Deps } from './deps.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { registerHealthRoutes } from './http/health.routes.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerResources, type Resource } from './http/resources.ts';
import { registerSecurityHeaders } from './http/security.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}

/** Request bodies above this are refused with 413 before they are parsed (uploads stream elsewhere). */
export const BODY_LIMIT = 1024 * 1024;

/** Every resource of every area; an area adds its list here. */
const resources: Resource<never>[] = [];

export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    disableRequestLogging: false,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Reset per request so no request can see an actor left by another.
  app.decorateRequest<Actor>('actor', visitor);
  app.addHook('onRequest', async (request) => {
    request.actor = visitor;
  });
  installErrorHandler(app);

  await registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Corkboard HTTP API', version: '1' },
      servers: [{ url: deps.config.publicUrl.origin }],
    },
    transform: jsonSchemaTransform,
  });

  registerMetrics(app);
  registerHealthRoutes(app, deps);
  registerResources(app, deps, resources);
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  return app;
}
