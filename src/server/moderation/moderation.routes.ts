import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FeedbackRoute } from '../../shared/contracts/moderation.ts';
import type { Deps } from '../deps.ts';
import { restSuccess } from '../http/envelope.ts';
import { sendFeedback } from './feedback.service.ts';

/** The feedback modal's call of spec section 7. */
export function registerModerationRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post('/v3/analytics/feedback/', {
    schema: { tags: ['moderation'], summary: 'Feedback from the feedback modal (feedback_data: JSON text)', ...FeedbackRoute },
    handler: async (request) => restSuccess(await sendFeedback(deps, request.actor, request.ip, request.body.feedback_data)),
  });
}
