import { z } from 'zod';
import { Bookmark, Id } from './common.ts';
import { resourceContract } from './contract.ts';
import { UserCard } from './user-cards.ts';

/** What a private profile's owner answers a follow request (docs/decisions/0046-follow-requests.md). */
export const FollowRequestAnswer = z.enum(['accept', 'decline']);
export type FollowRequestAnswer = z.infer<typeof FollowRequestAnswer>;

/**
 * FollowRequestResource: get {bookmark?} lists the members waiting for the caller's answer, newest
 * first; update {user_id, answer} accepts or declines one (answers the requester's card as the
 * caller now sees it). A request is made by following a private profile (UserFollowResource create)
 * and withdrawn by unfollowing it.
 */
export const FollowRequestResource = resourceContract({
  name: 'FollowRequestResource',
  verbs: {
    get: { input: z.object({ bookmark: Bookmark }), output: z.array(UserCard) },
    update: { input: z.object({ user_id: Id, answer: FollowRequestAnswer }), output: UserCard },
  },
});
