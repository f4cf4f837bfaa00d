import type { FastifyInstance } from 'fastify';
import { requireTokenScopes } from '../access/authorized.ts';
import { PAT_SCOPES } from '../../shared/contracts/auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The public API: every scope a personal access token must hold for the route's operation;
     * null where no token is the authority (an upload URL's own secret, an operation not served).
     */
    scopes?: readonly string[] | null;
  }
}

const KNOWN_SCOPES: ReadonlySet<string> = new Set(PAT_SCOPES);

/**
 * Enforces the token scopes each route of `scope` declares in its config, once its input is
 * parsed and before its handler reads anything: no token is 401, a token without every scope 403
 * naming the missing ones (docs/decisions/0011-public-api-v5.md). A route that declares no scopes,
 * or one no token can hold, fails at start-up: an operation cannot be left open by omission.
 */
export function enforceTokenScopes(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    const scopes = route.config?.scopes;
    const where = `${String(route.method)} ${route.url}`;
    if (scopes === undefined) throw new Error(`${where} declares no token scopes (config.scopes; null if no token is its authority)`);
    const unknown = (scopes ?? []).filter((name) => !KNOWN_SCOPES.has(name));
    if (unknown.length > 0) throw new Error(`${where} names scopes no token can hold: ${unknown.join(', ')}`);
  });
  scope.addHook('preHandler', (request, _reply, done) => {
    const scopes = request.routeOptions.config.scopes;
    try {
      if (scopes) requireTokenScopes(request.actor, scopes);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
