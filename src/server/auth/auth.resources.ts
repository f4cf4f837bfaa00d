import { HandshakeSessionResource, PersonalAccessTokenResource, UserSessionResource } from '../../shared/contracts/auth.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { browserCookieOptions, clearSessionCookies, cookieNames, setSessionCookies } from './cookies.ts';
import { createPat, listPats, revokePatById } from './pat.service.ts';
import { randomSecret } from '../common/secrets.ts';
import { createSessionFromHandshake, logout, sessionAccounts } from './session.service.ts';

export const authResources: Resource[] = [
  defineResource(HandshakeSessionResource, {
    create: async ({ input, actor, deps, request, reply }) => {
      const secure = deps.config.secureCookies;
      const names = cookieNames(secure);
      const created = await createSessionFromHandshake(deps, actor, input.token, {
        previousSessionId: request.cookies[names.session],
        browserId: request.cookies[names.browser],
        userAgent: request.headers['user-agent'],
      });
      setSessionCookies(reply, secure, created.sessionId, created.csrfSecret);
      if (created.browserId !== request.cookies[names.browser]) {
        reply.setCookie(names.browser, created.browserId, browserCookieOptions(secure));
      }
      return { data: created.viewer };
    },
  }),
  defineResource(UserSessionResource, {
    create: async ({ actor, deps, request }) => {
      const browserId = request.cookies[cookieNames(deps.config.secureCookies).browser];
      return { data: { session_accounts: await sessionAccounts(deps, actor, browserId) } };
    },
    delete: async ({ actor, deps, request, reply }) => {
      const secure = deps.config.secureCookies;
      await logout(deps, actor, request.cookies[cookieNames(secure).browser]);
      clearSessionCookies(reply, secure, randomSecret());
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
