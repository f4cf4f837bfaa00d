import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmailChangeConfirmRoute, EmailChangeRoute } from '../../shared/contracts/settings.ts';
import type { Deps } from '../deps.ts';
import { restSuccess } from '../http/envelope.ts';
import { confirmEmailChange, requestEmailChange } from './email-change.service.ts';

/** Changing the account's email: a link to the new address, then the change when it is followed. */
export function registerEmailChangeRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/v3/users/me/email/', {
    schema: { tags: ['users'], summary: 'Mail a confirmation link (24 hours, single use) to a new email', ...EmailChangeRoute },
    handler: async (request) => restSuccess(await requestEmailChange(deps, request.actor, request.body)),
  });
  typed.post('/v3/users/me/email/confirm/', {
    schema: { tags: ['users'], summary: 'Make the mailed address the account email; a notice goes to the old one', ...EmailChangeConfirmRoute },
    handler: async (request) => restSuccess(await confirmEmailChange(deps, request.actor, request.body)),
  });
}
