import { ReactionsResource } from '../../shared/contracts/reactions.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { reactToPin, unreactToPin, type ReactionTarget } from './reactions.service.ts';

/** The pin as pin_id or reaction_pin_id (the contract requires one, and the same if both), and whose reaction. */
function targetOf(o: { pin_id?: string | undefined; reaction_pin_id?: string | undefined; user_id?: string | undefined }): ReactionTarget {
  return { pinId: o.pin_id ?? o.reaction_pin_id ?? '', userId: o.user_id };
}

export const reactionResources: Resource[] = [
  defineResource(ReactionsResource, {
    create: async ({ input, actor, deps }) => ({ data: await reactToPin(deps, actor, targetOf(input), input.reaction_type) }),
    delete: async ({ input, actor, deps }) => ({ data: await unreactToPin(deps, actor, targetOf(input), input.reaction_type) }),
  }),
];
