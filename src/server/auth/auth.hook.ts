import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { rememberSessionUser } from '../users/viewer.ts';
import { AppError } from '../errors.ts';
import { isPublicApiUrl } from '../http/public-api.ts';
import { CSRF_HEADER, cookieNames, csrfCookieOptions, sessionCookieOptions } from './cookies.ts';
import { csrfAllows } from './csrf.ts';
import { bearerToken, resolveBearer, resolveSession } from './resolve-actor.ts';
import { randomSecret } from '../common/secrets.ts';

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Resolves request.actor from a bearer token or the session cookie, keeps the CSRF cookie in
 * place and refuses unsafe requests without a matching X-CSRFToken. Registered after the
 * cookie plugin (it needs parsed cookies) and after the hook that resets the actor.
 */
export function registerAuthHook(app: FastifyInstance, deps: Deps): void {
  const secure = deps.config.secureCookies;
  const names = cookieNames(secure);

  app.addHook('onRequest', async (request, reply) => {
    const now = Date.now();
    const bearer = request.routeOptions.config.ownAuthorization ? undefined : bearerToken(headerValue(request, 'authorization'));
    if (bearer !== undefined) {
      const actor = await resolveBearer(deps, bearer, now);
      if (!actor) throw new AppError('unauthorized', 'The access token is invalid or has been revoked.');
      request.actor = actor;
      return;
    }
    // The public API takes its authority from a bearer token (or an upload URL's own secret), never
    // from a cookie, on every path under it, those it does not serve included: no session is read
    // there, so a forged cross-site request has nothing to ride on, and no CSRF token is asked for.
    if (isPublicApiUrl(request.url)) return;
    // A signed link (a news mail's unsubscribe) carries its own authority; a mail client posts it with no cookie.
    if (request.routeOptions.config.signedLink) return;
    const sessionSecret = await resolveSessionCookie(request, reply, deps, now);
    const cookie = request.cookies[names.csrf];
    // Signed in, the browser must hold the session's own token; signed out, any token of ours.
    const wanted = sessionSecret ?? cookie ?? randomSecret();
    if (cookie !== wanted) reply.setCookie(names.csrf, wanted, csrfCookieOptions(secure));
    const allowed = csrfAllows({ method: request.method, header: headerValue(request, CSRF_HEADER), cookie, sessionSecret, bearer: false });
    if (allowed) return;
    // Our own page's form, posted by the browser itself before the page's script took it over
    // (the module was still loading): nothing is done, and the browser goes back to the page
    // instead of landing on an error body.
    if (isOwnFormNavigation(request)) return reply.redirect(request.url, 303);
    throw new AppError('csrf_failed');
  });
}

function isOwnFormNavigation(request: FastifyRequest): boolean {
  return request.method === 'POST' && headerValue(request, 'sec-fetch-mode') === 'navigate' && headerValue(request, 'sec-fetch-site') === 'same-origin';
}

/** Sets request.actor from the session cookie and answers the session's CSRF secret (null if none). */
async function resolveSessionCookie(request: FastifyRequest, reply: FastifyReply, deps: Deps, now: number): Promise<string | null> {
  const secure = deps.config.secureCookies;
  const name = cookieNames(secure).session;
  const sessionId = request.cookies[name];
  if (!sessionId) return null;
  const resolved = await resolveSession(deps, sessionId, now);
  if (!resolved) {
    reply.clearCookie(name, { ...sessionCookieOptions(secure), maxAge: 0 });
    return null;
  }
  request.actor = resolved.actor;
  // A safe request changes no user, so the row read with the session serves its viewer too.
  if (request.method === 'GET' || request.method === 'HEAD') rememberSessionUser(resolved.actor, resolved.user, resolved.profile);
  // The cookie's own lifetime follows the session's sliding expiry.
  if (resolved.slid) reply.setCookie(name, sessionId, sessionCookieOptions(secure));
  return resolved.csrfSecret;
}
