import type { FastifyInstance } from 'fastify';
import { enforceTokenScopes } from '../auth/scopes.hook.ts';
import type { Deps } from '../deps.ts';
import { registerV5SectionRoutes } from './board-sections.routes.ts';
import { registerV5BusinessAssetRoutes } from './business-assets.routes.ts';
import { registerV5BusinessInviteRoutes } from './business-invites.routes.ts';
import { registerV5BusinessRoutes } from './businesses.routes.ts';
import { registerV5BoardRoutes } from './boards.routes.ts';
import { registerV5MediaRoutes } from './media.routes.ts';
import { registerV5NotServedRoutes } from './not-served.routes.ts';
import { registerV5PinRoutes } from './pins.routes.ts';
import { registerV5SearchRoutes } from './search.routes.ts';
import { registerV5UserAccountRoutes } from './user-account.routes.ts';

/**
 * The public API (/v5/...) after the Pinterest v5 reference, one file per tag of the reference,
 * each operation declared in src/shared/contracts/v5*.ts. Its routes only translate: the token
 * scopes each declares are enforced for all of them by one hook (auth/scopes.hook.ts), and the
 * services they call decide everything else. Errors answer the reference's Error {code, message}
 * (http/error-handler.ts); no cookie is read here (auth/auth.hook.ts).
 */
export async function registerV5Routes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    enforceTokenScopes(scope);
    registerV5UserAccountRoutes(scope, deps);
    registerV5BoardRoutes(scope, deps);
    registerV5SectionRoutes(scope, deps);
    registerV5PinRoutes(scope, deps);
    registerV5SearchRoutes(scope, deps);
    registerV5BusinessRoutes(scope, deps);
    registerV5BusinessAssetRoutes(scope, deps);
    registerV5BusinessInviteRoutes(scope, deps);
    registerV5NotServedRoutes(scope);
    await registerV5MediaRoutes(scope, deps);
  });
}
