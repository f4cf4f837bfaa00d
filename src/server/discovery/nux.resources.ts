import { NuxInterestsResource, NuxResource } from '../../shared/contracts/nux.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { answerNux, nuxState } from '../users/nux.service.ts';
import { chooseNuxInterests, nuxCollage } from './nux-interests.ts';
import { followedInterestIdsOf } from './nux.repo.ts';

/* Onboarding after sign-up: its steps (users/nux.service.ts) and its interests (topic follows, here). */
export const nuxResources: Resource[] = [
  defineResource(NuxResource, {
    get: async ({ actor, deps }) => ({ data: await nuxState(deps, actor, followedInterestIdsOf) }),
    update: async ({ input, actor, deps }) => ({ data: await answerNux(deps, actor, input, chooseNuxInterests(deps), followedInterestIdsOf) }),
  }),
  defineResource(NuxInterestsResource, {
    get: async ({ actor, deps }) => ({ data: await nuxCollage(deps, actor) }),
  }),
];
