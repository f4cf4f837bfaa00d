import { z } from 'zod';
import { REACTION_TYPES } from '../reactions.ts';
import { Id } from './common.ts';
import { resourceContract } from './contract.ts';
import { ReactionCounts } from './pins.ts';
import { UserCard } from './user-cards.ts';

const ReactionType = z.literal(REACTION_TYPES, { error: 'This is not a reaction type.' });

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

const React = ReactionOptions.and(z.object({ reaction_type: ReactionType, action_type: z.literal('reaction').optional() }));
const Unreact = ReactionOptions.and(z.object({ reaction_type: ReactionType.optional(), action_type: z.literal('unreaction').optional() }));

/** The spec's Reaction: id of the form pin:user:type, user, reaction_type. */
export const ReactionJson = z.object({ type: z.literal('reaction'), id: z.string(), user: UserCard, reaction_type: z.number() });
export type ReactionJson = z.infer<typeof ReactionJson>;

/** What a reaction or unreaction answers: the member's reaction (none after an unreaction) and the pin's counts now. */
export const ReactionAnswer = z.object({
  reaction: ReactionJson.nullable(),
  pin: z.object({ id: z.string(), reaction_counts: ReactionCounts, reaction_by_me: z.number().nullable() }),
});
export type ReactionAnswer = z.infer<typeof ReactionAnswer>;

/**
 * ReactionsResource (business spec section 7): create {pin_id, reaction_type, action_type?
 * 'reaction'} reacts, delete {pin_id, reaction_type?, action_type? 'unreaction'} unreacts. Both
 * answer the member's reaction (or null) and the pin's reaction_counts and reaction_by_me.
 */
export const ReactionsResource = resourceContract({
  name: 'ReactionsResource',
  verbs: { create: { input: React, output: ReactionAnswer }, delete: { input: Unreact, output: ReactionAnswer } },
});
