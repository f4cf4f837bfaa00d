import { AggregatedCommentFeedResource, AggregatedCommentHideResource, AggregatedCommentResource } from '../../shared/contracts/comments.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { hidePinComments } from './comment-moderation.service.ts';
import { createComment, deleteComment, editComment, listPinComments } from './comments.service.ts';

export const commentResources: Resource[] = [
  defineResource(AggregatedCommentFeedResource, {
    get: async ({ input, actor, deps }) => {
      const page = await listPinComments(deps, actor, input);
      return { data: page.comments, bookmark: page.bookmark };
    },
  }),
  defineResource(AggregatedCommentResource, {
    create: async ({ input, actor, deps }) => ({ data: await createComment(deps, actor, input) }),
    update: async ({ input, actor, deps }) => ({ data: await editComment(deps, actor, input) }),
    delete: async ({ input, actor, deps }) => ({ data: await deleteComment(deps, actor, input.commentId) }),
  }),
  defineResource(AggregatedCommentHideResource, {
    create: async ({ input, actor, deps }) => ({ data: await hidePinComments(deps, actor, input) }),
  }),
];
