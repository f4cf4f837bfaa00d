import { z } from 'zod';
import { Id } from '../boards/board.inputs.ts';
import { AnyOptions } from '../boards/boards.resources.ts';
import { defineUntypedResource, type Resource } from '../http/resources.ts';
import { parseInput } from '../http/validate.ts';
import { REACTION_TYPES } from '../../shared/reactions.ts';
import { reactToPin, unreactToPin, type ReactionTarget } from './reactions.service.ts';

const ReactionTypeOption = z.literal(REACTION_TYPES, { error: 'This is not a reaction type.' });

/** The spec's options: the pin as pin_id or reaction_pin_id, the reaction type, whose reaction, and the action. */
const ReactionOptions = z
  .object({
    pin_id: Id.optional(),
    reaction_pin_id: Id.optional(),
    user_id: Id.optional(),
    action_type: z.enum(['reaction', 'unreaction']).optional(),
  })
  .refine((o) => o.pin_id !== undefined || o.reaction_pin_id !== undefined, { message: 'Which pin? Give pin_id.', path: ['pin_id'] })
  .refine((o) => o.pin_id === undefined || o.reaction_pin_id === undefined || o.pin_id === o.reaction_pin_id, {
    message: 'pin_id and reaction_pin_id name different pins.',
    path: ['reaction_pin_id'],
  });

const ReactOptions = ReactionOptions.and(z.object({ reaction_type: ReactionTypeOption, action_type: z.literal('reaction').optional() }));
const UnreactOptions = ReactionOptions.and(z.object({ reaction_type: ReactionTypeOption.optional(), action_type: z.literal('unreaction').optional() }));

function targetOf(o: z.infer<typeof ReactionOptions>): ReactionTarget {
  return { pinId: o.pin_id ?? o.reaction_pin_id ?? '', userId: o.user_id };
}

/**
 * ReactionsResource (business spec section 7): create {pin_id, reaction_type, action_type?
 * 'reaction'} reacts, delete {pin_id, reaction_type?, action_type? 'unreaction'} unreacts. Both
 * answer the member's reaction (or null) and the pin's reaction_counts and reaction_by_me.
 */
export const ReactionsResource = defineUntypedResource({
  name: 'ReactionsResource',
  options: AnyOptions,
  create: async ({ options, actor, deps }) => {
    const o = parseInput(ReactOptions, options);
    return { data: await reactToPin(deps, actor, targetOf(o), o.reaction_type) };
  },
  delete: async ({ options, actor, deps }) => {
    const o = parseInput(UnreactOptions, options);
    return { data: await unreactToPin(deps, actor, targetOf(o), o.reaction_type) };
  },
});

export const reactionResources: Resource[] = [ReactionsResource];
