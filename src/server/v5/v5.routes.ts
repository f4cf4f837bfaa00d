import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { registerV5SectionRoutes } from './board-sections.routes.ts';
import { registerV5BoardRoutes } from './boards.routes.ts';
import { registerV5MediaRoutes } from './media.routes.ts';
import { registerV5PinRoutes } from './pins.routes.ts';
import { registerV5SearchRoutes } from './search.routes.ts';
import { registerV5UserAccountRoutes } from './user-account.routes.ts';

/**
 * The public API (/v5/...) after reference/pinterest-api-v5.json, one file per tag of the
 * reference; errors answer the reference's Error {code, message} (http/error-handler.ts).
 */
export async function registerV5Routes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    // Only a bearer token (or an upload URL's own secret) is authority here, never a cookie, so a
    // cross-site request has nothing to forge: the CSRF check would only turn 401s into 403s.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, csrfExempt: true };
    });
    registerV5UserAccountRoutes(scope, deps);
    registerV5BoardRoutes(scope, deps);
    registerV5SectionRoutes(scope, deps);
    registerV5PinRoutes(scope, deps);
    registerV5SearchRoutes(scope, deps);
    await registerV5MediaRoutes(scope, deps);
  });
}
