import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PasswordChangeRoute, PasswordResetRequestRoute, PasswordResetRoute } from '../../shared/contracts/auth.ts';
import type { Deps } from '../deps.ts';
import { restSuccess } from '../http/envelope.ts';
import { changePassword } from './password.service.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';

/**
 * Changing the password: a member's own account, under /v3/users/me/ like the viewer, but auth's
 * to do. Resetting a forgotten one: a link mailed to the account's address.
 */
export function registerPasswordRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.put('/v3/users/me/password/', {
    schema: { tags: ['users'], summary: 'Change the password; ends every other session', ...PasswordChangeRoute },
    handler: async (request) => {
      await changePassword(deps, request.actor, request.body);
      return restSuccess(null);
    },
  });

  typed.post('/v3/users/password/reset/request/', {
    schema: { tags: ['auth'], summary: 'Mail a password reset link (1 hour, single use) if an account uses the email', ...PasswordResetRequestRoute },
    handler: async (request) => {
      await requestPasswordReset(deps, request.actor, request.body, { ip: request.ip });
      return restSuccess(null);
    },
  });

  typed.post('/v3/users/password/reset/', {
    schema: { tags: ['auth'], summary: 'Set a new password with a mailed reset token; ends every session', ...PasswordResetRoute },
    handler: async (request) => {
      await resetPassword(deps, request.actor, request.body);
      return restSuccess(null);
    },
  });
}
