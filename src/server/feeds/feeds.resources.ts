import { BoardFeedResource, UserHomefeedResource } from '../../shared/contracts/feeds.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { boardFeedPins } from './board-feed.ts';
import { homeFeedPins } from './home.service.ts';

export const feedResources: Resource[] = [
  defineResource(BoardFeedResource, {
    get: async ({ input, actor, deps }) => {
      const { pins, bookmark } = await boardFeedPins(deps, actor, input);
      return { data: pins, bookmark };
    },
  }),
  defineResource(UserHomefeedResource, {
    get: async ({ input, actor, deps }) => {
      const { pins, bookmark } = await homeFeedPins(deps, actor, input.bookmark);
      return { data: pins, bookmark };
    },
  }),
];
