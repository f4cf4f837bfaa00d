import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MfaConfirmRoute, MfaDisableRoute, MfaSetupRoute } from '../../shared/contracts/auth.ts';
import type { Deps } from '../deps.ts';
import { restSuccess } from '../http/envelope.ts';
import { confirmMfaSetup, disableMfa, startMfaSetup } from './mfa.service.ts';

/** Turning two-factor authentication on and off (docs/decisions/0006-accounts-and-sessions.md). */
export function registerMfaRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post('/v3/users/me/mfa/setup/', {
    schema: { tags: ['auth'], summary: 'Start two-factor setup; answers a pending secret and its otpauth URI', ...MfaSetupRoute },
    handler: async (request) => restSuccess(await startMfaSetup(deps, request.actor)),
  });

  typed.post('/v3/users/me/mfa/setup/confirm/', {
    schema: {
      tags: ['auth'],
      summary: 'Confirm two-factor setup with the password and a code; ends every other session; answers the recovery codes',
      ...MfaConfirmRoute,
    },
    handler: async (request) => restSuccess(await confirmMfaSetup(deps, request.actor, request.body)),
  });

  typed.post('/v3/users/me/mfa/disable/', {
    schema: { tags: ['auth'], summary: 'Turn two-factor authentication off with the password and a code', ...MfaDisableRoute },
    handler: async (request) => {
      await disableMfa(deps, request.actor, request.body);
      return restSuccess(null);
    },
  });
}
