import {
  BoardFollowResource,
  InterestFollowResource,
  InterestResource,
  UserBlockResource,
  UserFollowResource,
  UserResource,
} from '../../shared/contracts/social.ts';
import { presentBoardTo } from '../boards/boards.present.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { cardOf, loadUserCardsFor } from '../users/user-cards.ts';
import { blockedCards, blockUser, unblockUser } from './blocks.service.ts';
import { followBoard, followUser, followUsers, setInterestFollowed, unfollowBoard, unfollowUser } from './follows.service.ts';
import { getProfile, updateMyProfile } from './profile.service.ts';
import { answerFollowRequest, followRequestCards } from './follow-requests.service.ts';
import { FollowRequestResource } from '../../shared/contracts/follow-requests.ts';
import { getInterest } from './topics.ts';

export const socialResources: Resource[] = [
  defineResource(UserResource, {
    get: async ({ input, actor, deps }) => ({ data: await getProfile(deps, actor, input.username) }),
    update: async ({ input, actor, deps }) => ({ data: await updateMyProfile(deps, actor, input) }),
  }),
  defineResource(UserFollowResource, {
    create: async ({ input, actor, deps }) => {
      if ('user_id' in input) {
        await followUser(deps, actor, input.user_id);
        return { data: cardOf(await loadUserCardsFor(deps, actor, [input.user_id]), input.user_id) };
      }
      const followed = await followUsers(deps, actor, input.user_ids);
      const cards = await loadUserCardsFor(deps, actor, followed);
      return { data: followed.map((id) => cardOf(cards, id)) };
    },
    delete: async ({ input, actor, deps }) => {
      await unfollowUser(deps, actor, input.user_id);
      return { data: (await loadUserCardsFor(deps, actor, [input.user_id])).get(input.user_id) ?? null };
    },
  }),
  defineResource(BoardFollowResource, {
    create: async ({ input, actor, deps }) => ({ data: await presentBoardTo(deps, actor, await followBoard(deps, actor, input.board_id)) }),
    delete: async ({ input, actor, deps }) => ({ data: await presentBoardTo(deps, actor, await unfollowBoard(deps, actor, input.board_id)) }),
  }),
  defineResource(InterestResource, {
    get: async ({ input, actor, deps }) => ({ data: await getInterest(deps, actor, input) }),
  }),
  defineResource(InterestFollowResource, {
    create: async ({ input, actor, deps }) => {
      await setInterestFollowed(deps, actor, input.interest_id, true);
      return { data: await getInterest(deps, actor, { id: input.interest_id }) };
    },
    delete: async ({ input, actor, deps }) => {
      await setInterestFollowed(deps, actor, input.interest_id, false);
      return { data: await getInterest(deps, actor, { id: input.interest_id }) };
    },
  }),
  defineResource(UserBlockResource, {
    get: async ({ input, actor, deps }) => {
      const { cards, bookmark } = await blockedCards(deps, actor, input.bookmark);
      return { data: cards, bookmark };
    },
    create: async ({ input, actor, deps }) => {
      await blockUser(deps, actor, input.user_id);
      return { data: cardOf(await loadUserCardsFor(deps, actor, [input.user_id]), input.user_id) };
    },
    delete: async ({ input, actor, deps }) => {
      await unblockUser(deps, actor, input.user_id);
      return { data: (await loadUserCardsFor(deps, actor, [input.user_id])).get(input.user_id) ?? null };
    },
  }),
  defineResource(FollowRequestResource, {
    get: async ({ input, actor, deps }) => {
      const { cards, bookmark } = await followRequestCards(deps, actor, input.bookmark);
      return { data: cards, bookmark };
    },
    update: async ({ input, actor, deps }) => {
      await answerFollowRequest(deps, actor, input.user_id, input.answer);
      return { data: cardOf(await loadUserCardsFor(deps, actor, [input.user_id]), input.user_id) };
    },
  }),
];
