import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PasswordChangeRoute } from '../../shared/contracts/auth.ts';
import type { Deps } from '../deps.ts';
import { restSuccess } from '../http/envelope.ts';
import { changePassword } from './password.service.ts';

/** Changing the password: a member's own account, under /v3/users/me/ like the viewer, but auth's to do. */
export function registerPasswordRoutes(app: FastifyInstance, deps: Deps): void {
  app.withTypeProvider<ZodTypeProvider>().put('/v3/users/me/password/', {
    schema: { tags: ['users'], summary: 'Change the password; ends every other session', ...PasswordChangeRoute },
    handler: async (request) => {
      await changePassword(deps, request.actor, request.body);
      return restSuccess(null);
    },
  });
}
