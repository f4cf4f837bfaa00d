import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SessionChallengeRoute, SessionVerifyRoute, SpamFingerprintRoute } from '../../shared/contracts/telemetry.ts';
import type { Deps } from '../deps.ts';
import { restSuccess } from '../http/envelope.ts';
import { countClientSignal } from './telemetry.service.ts';
import { issueChallenge, verifyChallenge } from './session-challenge.ts';

/** The client signals of spec section 7: the spam fingerprint and session verification. */
export function registerTelemetryRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post('/v3/spam/fingerprints/', {
    schema: { tags: ['telemetry'], summary: 'A browser fingerprint hash, 300 ms after load (counted per day)', ...SpamFingerprintRoute },
    handler: async (request) => {
      await countClientSignal(deps, request.actor, 'spam_fingerprint', request.cookies);
      return restSuccess(null);
    },
  });

  typed.get('/v3/sessions/challenge/', {
    schema: { tags: ['telemetry'], summary: 'A proof-of-work challenge for session verification', ...SessionChallengeRoute },
    handler: async (request) => restSuccess(await issueChallenge(deps, request.actor)),
  });

  typed.put('/v3/sessions/verify/', {
    schema: { tags: ['telemetry'], summary: 'Verify the session with the solved challenge', ...SessionVerifyRoute },
    handler: async (request) => {
      const verified = await verifyChallenge(deps, request.actor, request.body.recaptcha_token);
      await countClientSignal(deps, request.actor, 'session_verified', request.cookies);
      return restSuccess(verified);
    },
  });
}
