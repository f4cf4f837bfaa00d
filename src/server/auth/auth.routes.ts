import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginRoute, MfaLoginRoute, RefreshTokenRoute, ResendVerificationRoute, SignupRoute, StoredAccountsRoute } from '../../shared/contracts/auth.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { restSuccess } from '../http/envelope.ts';
import { loginHandshake, mfaLoginHandshake } from './auth.service.ts';
import { ageRestrictedCookieOptions, cookieNames, sessionCookieOptions, setStoredSessions } from './cookies.ts';
import { parseStoredSessions, refreshStoredSessions } from './session-accounts.service.ts';
import { resendVerification, verifyEmail } from './email-verification.service.ts';
import { refreshSession, sessionAccounts } from './session.service.ts';
import { registerEmailChangeRoutes } from './email-change.routes.ts';
import { registerPasswordRoutes } from './password.routes.ts';
import { registerHandshake, type SignupKind } from './signup.service.ts';

const VerifyQuery = z.object({ token: z.string().min(1).max(256) });

/** The v3 account calls of spec section 7 and the links mailed to people. */
export function registerAuthRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const names = cookieNames(deps.config.secureCookies);

  for (const kind of ['email', 'partner'] as const satisfies readonly SignupKind[]) {
    typed.post(`/v3/register/${kind}/handshake/`, {
      schema: { tags: ['auth'], summary: `Sign up (${kind}); answers a handshake token`, ...SignupRoute },
      handler: async (request, reply) => {
        const ctx = { ip: request.ip, ageRestricted: request.cookies[names.ageRestricted] !== undefined };
        const token = await withAgeRestrictionCookie(reply, deps, () => registerHandshake(deps, request.actor, kind, request.body, ctx));
        return restSuccess(token);
      },
    });
  }

  typed.post('/v3/login/handshake/', {
    schema: { tags: ['auth'], summary: 'Log in; answers a handshake token', ...LoginRoute },
    handler: async (request) => restSuccess(await loginHandshake(deps, request.actor, request.body, { ip: request.ip })),
  });

  typed.post('/v3/login/mfa/handshake/', {
    schema: { tags: ['auth'], summary: 'Second login step with a TOTP code', ...MfaLoginRoute },
    handler: async (request) => restSuccess(await mfaLoginHandshake(deps, request.actor, request.body, { ip: request.ip })),
  });

  typed.post('/v3/users/email/verify/resend/', {
    schema: { tags: ['auth'], summary: 'Mail a new verification link (5 per hour)', ...ResendVerificationRoute },
    handler: async (request) => {
      await resendVerification(deps, request.actor);
      return restSuccess(null);
    },
  });

  typed.get('/email/verify/', {
    schema: { tags: ['auth'], summary: 'The mailed verification link; redirects home' },
    handler: async (request, reply) => {
      const query = VerifyQuery.safeParse(request.query);
      const verified = query.success && (await verifyEmail(deps, request.actor, query.data.token));
      return reply.redirect(`/?email_verified=${verified ? 1 : 0}`, 302);
    },
  });

  typed.get('/refresh_token', {
    schema: { tags: ['auth'], summary: 'Extend the session (fire and forget)', ...RefreshTokenRoute },
    handler: async (request, reply) => {
      await refreshSession(deps, request.actor);
      refreshSessionCookie(request, reply, deps);
      return restSuccess(null);
    },
  });

  typed.get('/refresh_stored_accounts', {
    schema: { tags: ['auth'], summary: 'The accounts stored for this browser (fire and forget)', ...StoredAccountsRoute },
    handler: async (request, reply) => {
      const stored = parseStoredSessions(request.cookies[names.accounts]);
      const kept = await refreshStoredSessions(deps, request.actor, stored);
      if (kept.length !== stored.length) setStoredSessions(reply, deps.config.secureCookies, kept);
      return restSuccess({ session_accounts: await sessionAccounts(deps, request.actor, request.cookies[names.browser], kept) });
    },
  });

  registerPasswordRoutes(app, deps);
  registerEmailChangeRoutes(app, deps);
}

/** The spec's age-restriction cookie: set on an under-age refusal, so a retry is refused too. */
async function withAgeRestrictionCookie<T>(reply: FastifyReply, deps: Deps, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.errorName === 'age_restricted') {
      const secure = deps.config.secureCookies;
      reply.setCookie(cookieNames(secure).ageRestricted, '1', ageRestrictedCookieOptions(secure));
    }
    throw error;
  }
}

function refreshSessionCookie(request: FastifyRequest, reply: FastifyReply, deps: Deps): void {
  const secure = deps.config.secureCookies;
  const name = cookieNames(secure).session;
  const sessionId = request.cookies[name];
  if (sessionId) reply.setCookie(name, sessionId, sessionCookieOptions(secure));
}
