import { HandshakeSessionResource, PersonalAccessTokenResource, UserSessionResource } from '../../shared/contracts/auth.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { browserCookieOptions, clearSessionCookies, cookieNames, setSessionCookies, setStoredSessions } from './cookies.ts';
import { nextAfterLogout, parseStoredSessions, storedAfterAdding, switchAccount } from './session-accounts.service.ts';
import { createPat, listPats, revokePatById } from './pat.service.ts';
import { randomSecret } from '../common/secrets.ts';
import { createSessionFromHandshake, logout, sessionAccounts } from './session.service.ts';

export const authResources: Resource[] = [
  defineResource(HandshakeSessionResource, {
    create: async ({ input, actor, deps, request, reply }) => {
      const secure = deps.config.secureCookies;
      const names = cookieNames(secure);
      const previousSessionId = request.cookies[names.session];
      const created = await createSessionFromHandshake(deps, actor, input.token, {
        previousSessionId,
        browserId: request.cookies[names.browser],
        userAgent: request.headers['user-agent'],
        addAccount: input.add_account === true,
      });
      setSessionCookies(reply, secure, created.sessionId, created.csrfSecret);
      const stored = parseStoredSessions(request.cookies[names.accounts]);
      const kept = await storedAfterAdding(deps, created.keptPrevious ? previousSessionId : undefined, stored, created.viewer.id);
      setStoredSessions(reply, secure, kept);
      if (created.browserId !== request.cookies[names.browser]) {
        reply.setCookie(names.browser, created.browserId, browserCookieOptions(secure));
      }
      return { data: created.viewer };
    },
  }),
  defineResource(UserSessionResource, {
    create: async ({ actor, deps, request }) => {
      const names = cookieNames(deps.config.secureCookies);
      const stored = parseStoredSessions(request.cookies[names.accounts]);
      return { data: { session_accounts: await sessionAccounts(deps, actor, request.cookies[names.browser], stored) } };
    },
    update: async ({ input, actor, deps, request, reply }) => {
      const secure = deps.config.secureCookies;
      const names = cookieNames(secure);
      const stored = parseStoredSessions(request.cookies[names.accounts]);
      const active = { sessionId: request.cookies[names.session], browserId: request.cookies[names.browser] };
      const switched = await switchAccount(deps, actor, input.user_id, active, stored);
      setSessionCookies(reply, secure, switched.sessionId, switched.csrfSecret);
      setStoredSessions(reply, secure, switched.stored);
      return { data: switched.viewer };
    },
    delete: async ({ actor, deps, request, reply }) => {
      const secure = deps.config.secureCookies;
      const names = cookieNames(secure);
      const browserId = request.cookies[names.browser];
      await logout(deps, actor, browserId);
      const after = await nextAfterLogout(deps, parseStoredSessions(request.cookies[names.accounts]), browserId);
      if (after.next) setSessionCookies(reply, secure, after.next.sessionId, after.next.csrfSecret);
      else clearSessionCookies(reply, secure, randomSecret());
      setStoredSessions(reply, secure, after.stored);
      return { data: null };
    },
  }),
  defineResource(PersonalAccessTokenResource, {
    get: async ({ actor, deps }) => ({ data: await listPats(deps, actor) }),
    create: async ({ input, actor, deps }) => ({ data: await createPat(deps, actor, input) }),
    delete: async ({ input, actor, deps }) => {
      await revokePatById(deps, actor, input.id);
      return { data: null };
    },
  }),
];
