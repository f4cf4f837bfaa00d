import { z } from 'zod';
import { AppError } from '../errors.ts';
import { defineUntypedResource, type Resource } from '../http/resources.ts';
import { parseInput } from '../http/validate.ts';
import { loadViewerOfUser } from '../users/viewer.ts';
import { browserCookieOptions, clearSessionCookies, cookieNames, setSessionCookies } from './cookies.ts';
import { CreatePatInput, RevokePatInput, createPat, listPats, revokePatById } from './pat.service.ts';
import { randomSecret } from './secrets.ts';
import { createSessionFromHandshake, logout, sessionAccounts } from './session.service.ts';

/** HandshakeSessionResource create {token, isRegistration}: the handshake becomes a session. */
export const HandshakeSessionResource = defineUntypedResource({
  name: 'HandshakeSessionResource',
  options: z.object({ token: z.string().min(1).max(256), isRegistration: z.boolean().optional() }),
  create: async ({ options, actor, deps, request, reply }) => {
    const secure = deps.config.secureCookies;
    const names = cookieNames(secure);
    const created = await createSessionFromHandshake(deps, actor, options.token, {
      previousSessionId: request.cookies[names.session],
      browserId: request.cookies[names.browser],
      userAgent: request.headers['user-agent'],
    });
    setSessionCookies(reply, secure, created.sessionId, created.csrfSecret);
    if (created.browserId !== request.cookies[names.browser]) {
      reply.setCookie(names.browser, created.browserId, browserCookieOptions(secure));
    }
    return { data: await loadViewerOfUser(deps, created.user, created.limitedLogin ? 'limited' : 'full') };
  },
});

/** UserSessionResource: create {session_accounts} lists this browser's accounts; delete logs out. */
export const UserSessionResource = defineUntypedResource({
  name: 'UserSessionResource',
  options: z.object({ session_accounts: z.boolean().optional(), disable_auth_failure_redirect: z.boolean().optional() }),
  create: async ({ options, actor, deps, request }) => {
    if (options.session_accounts !== true) throw new AppError('bad_request', 'session_accounts: Required');
    const browserId = request.cookies[cookieNames(deps.config.secureCookies).browser];
    return { data: { session_accounts: await sessionAccounts(deps, actor, browserId) } };
  },
  delete: async ({ actor, deps, request, reply }) => {
    const secure = deps.config.secureCookies;
    await logout(deps, actor, request.cookies[cookieNames(secure).browser]);
    clearSessionCookies(reply, secure, randomSecret());
    return { data: null };
  },
});

/** PersonalAccessTokenResource: get lists, create {name, scopes?} answers the secret once, delete {id} revokes. */
export const PersonalAccessTokenResource = defineUntypedResource({
  name: 'PersonalAccessTokenResource',
  options: z.object({ name: z.unknown(), scopes: z.unknown(), id: z.unknown() }).partial(),
  get: async ({ actor, deps }) => ({ data: await listPats(deps, actor) }),
  create: async ({ options, actor, deps }) => ({ data: await createPat(deps, actor, parseInput(CreatePatInput, options)) }),
  delete: async ({ options, actor, deps }) => {
    await revokePatById(deps, actor, parseInput(RevokePatInput, options).id);
    return { data: null };
  },
});

// The registry holds resources of every options type; each validates its own options first.
export const authResources: Resource[] = [HandshakeSessionResource, UserSessionResource, PersonalAccessTokenResource];
