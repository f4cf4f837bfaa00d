import { BoardFeedResource, LandingPinsResource, RelatedPinFeedResource, UserHomefeedResource } from '../../shared/contracts/feeds.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { boardFeedPins } from './board-feed.ts';
import { homeFeedPins } from './home.service.ts';
import { landingPins } from './landing.service.ts';
import { presentRelatedPinsFor } from '../recs/related.present.ts';
import { relatedPins } from '../recs/related.service.ts';

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
  defineResource(LandingPinsResource, {
    get: async ({ actor, deps }) => ({ data: await landingPins(deps, actor) }),
  }),
  defineResource(RelatedPinFeedResource, {
    get: async ({ input, actor, deps }) => {
      const page = await relatedPins(deps, actor, input.pin_id, input.bookmark);
      return { data: await presentRelatedPinsFor(deps, actor, page.items), bookmark: page.bookmark };
    },
  }),
];
