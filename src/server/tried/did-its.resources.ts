import {
  DidItHelpfulResource,
  DidItReactionResource,
  PinDidItFeedResource,
  UserDidItDataResource,
  UserDidItFeedResource,
} from '../../shared/contracts/did-its.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { pinDidIts, userDidIts } from './did-it-feeds.service.ts';
import { likeDidIt, markDidItHelpful, unlikeDidIt, unmarkDidItHelpful } from './did-it-marks.service.ts';
import { createDidIt, editDidIt, getDidIt, removeDidIt } from './did-its.service.ts';

export const didItResources: Resource[] = [
  defineResource(UserDidItDataResource, {
    get: async ({ input, actor, deps }) => ({ data: await getDidIt(deps, actor, input.id) }),
    create: async ({ input, actor, deps }) => ({ data: await createDidIt(deps, actor, input) }),
    update: async ({ input, actor, deps }) => ({ data: await editDidIt(deps, actor, input) }),
    delete: async ({ input, actor, deps }) => ({ data: await removeDidIt(deps, actor, input.id) }),
  }),
  defineResource(PinDidItFeedResource, {
    get: async ({ input, actor, deps }) => {
      const { items, bookmark } = await pinDidIts(deps, actor, input.pin_id, input.bookmark);
      return { data: items, bookmark };
    },
  }),
  defineResource(UserDidItFeedResource, {
    get: async ({ input, actor, deps }) => {
      const { items, bookmark } = await userDidIts(deps, actor, input.username, input.bookmark);
      return { data: items, bookmark };
    },
  }),
  defineResource(DidItReactionResource, {
    create: async ({ input, actor, deps }) => ({ data: await likeDidIt(deps, actor, input.id) }),
    delete: async ({ input, actor, deps }) => ({ data: await unlikeDidIt(deps, actor, input.id) }),
  }),
  defineResource(DidItHelpfulResource, {
    create: async ({ input, actor, deps }) => ({ data: await markDidItHelpful(deps, actor, input.id) }),
    delete: async ({ input, actor, deps }) => ({ data: await unmarkDidItHelpful(deps, actor, input.id) }),
  }),
];
