import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CommentFlagRoute,
  CommentHelpfulMarkRoute,
  CommentHelpfulUnmarkRoute,
  CommentHighlightRoute,
  CommentMentionsRoute,
  CommentReactRoute,
  CommentUnreactRoute,
  CommentTranslateRoute,
} from '../../shared/contracts/comments.ts';
import type { Deps } from '../deps.ts';
import { restSuccess } from '../http/envelope.ts';
import { flagComment, removeMyMention, setCommentMark, translateComment } from './comment-marks.service.ts';
import { highlightComment } from './comment-moderation.service.ts';

/** The comment calls of viewer spec section 7 that are REST paths. */
export function registerCommentRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['comments'];

  typed.put('/v3/aggregated_comments/pin/highlight/', {
    schema: { tags, summary: 'The pin’s owner highlights a comment (or takes the highlight away)', ...CommentHighlightRoute },
    handler: async (request) => restSuccess(await highlightComment(deps, request.actor, request.body)),
  });
  typed.put('/v3/aggregated_comments/:id/flag/', {
    schema: { tags, summary: 'Flag a comment with a reason', ...CommentFlagRoute },
    handler: async (request) => restSuccess(await flagComment(deps, request.actor, request.params.id, request.body)),
  });
  typed.delete('/v3/aggregated_comments/:id/mentions/', {
    schema: { tags, summary: 'Remove the reader’s mention from a comment', ...CommentMentionsRoute },
    handler: async (request) => restSuccess(await removeMyMention(deps, request.actor, request.params.id)),
  });
  typed.get('/v3/aggregated_comments/:id/translate/', {
    schema: { tags, summary: 'A comment translated into the reader’s language (empty text when it cannot be)', ...CommentTranslateRoute },
    handler: async (request) => restSuccess(await translateComment(deps, request.actor, request.params.id, request.query.language)),
  });
  typed.post('/v3/helpful/1/:id/', {
    schema: { tags, summary: 'Mark a comment helpful', ...CommentHelpfulMarkRoute },
    handler: async (request) => restSuccess(await setCommentMark(deps, request.actor, request.params.id, 'helpful', true)),
  });
  typed.delete('/v3/helpful/1/:id/', {
    schema: { tags, summary: 'Unmark a comment as helpful', ...CommentHelpfulUnmarkRoute },
    handler: async (request) => restSuccess(await setCommentMark(deps, request.actor, request.params.id, 'helpful', false)),
  });
  typed.post('/v3/aggregated_comments/:id/react/', {
    schema: { tags, summary: 'Like a comment (reaction type 1)', ...CommentReactRoute },
    handler: async (request) => restSuccess(await setCommentMark(deps, request.actor, request.params.id, 'like', true)),
  });
  typed.delete('/v3/aggregated_comments/:id/react/', {
    schema: { tags, summary: 'Unlike a comment', ...CommentUnreactRoute },
    handler: async (request) => restSuccess(await setCommentMark(deps, request.actor, request.params.id, 'like', false)),
  });
}
