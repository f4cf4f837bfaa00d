import { z } from 'zod';
import { ACTION_KINDS, ACTION_STATES, MAX_ORGANIZE_PINS, ORGANIZE_KINDS } from '../blocking-actions.ts';
import { Id, restAnswer } from './common.ts';
import { resourceContract } from './contract.ts';

/*
 * Board blocking actions (viewer spec section 3 and 7; docs/decisions/0047-board-blocking-actions.md):
 * the board owner's organize actions, run as jobs, and moderators' removals from a board.
 */

/** The spec's record (id, created_timestamp, progress, section_id) and what the board page shows of it. */
export const BlockingActionJson = z.object({
  id: z.string(),
  /** Seconds since the epoch. */
  created_timestamp: z.number().int(),
  progress: z.number().int().min(0).max(100),
  /** '-1' for the whole board, null for the board's pins outside any section. */
  section_id: z.string().nullable(),
  kind: z.enum(ACTION_KINDS),
  state: z.enum(ACTION_STATES),
  pin_count: z.number().int().min(0),
  moved_count: z.number().int().min(0),
  removed_count: z.number().int().min(0),
  target_board: z.object({ id: z.string(), name: z.string(), url: z.string() }).nullable(),
  /** Why a moderator removed it; null for the owner's own actions. */
  reason: z.string().nullable(),
});
export type BlockingActionJson = z.infer<typeof BlockingActionJson>;

const BOARD_FIELDS = ['board.id', 'board.blocking_actions'] as const;
export type BoardField = (typeof BOARD_FIELDS)[number];

/** The spec's fields list: comma-separated names; unknown names are bad input. */
const Fields = z
  .string()
  .max(200)
  .transform((s) => s.split(',').map((f) => f.trim()))
  .pipe(z.array(z.enum(BOARD_FIELDS, { error: 'fields: Use board.id and board.blocking_actions.' })).min(1));

/** GET /v3/boards/{id}/ with fields board.id and board.blocking_actions. */
export const BoardBlockingActionsRoute = {
  params: z.object({ id: Id }),
  querystring: z.object({ fields: Fields.optional() }),
  response: { 200: restAnswer(z.object({ id: z.string().optional(), blocking_actions: z.array(BlockingActionJson).optional() })) },
};

const PinIds = z
  .array(Id)
  .min(1, 'Select at least one Pin.')
  .max(MAX_ORGANIZE_PINS, `Select at most ${MAX_ORGANIZE_PINS} Pins.`)
  .refine((ids) => new Set(ids).size === ids.length, 'A Pin is selected twice.');

/** The organize actions a board owner starts; each answers the action, running. */
export const OrganizeInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('move'), board_id: Id, pin_ids: PinIds, target_board_id: Id, target_section_id: Id.nullish() }),
    z.object({ kind: z.literal('delete_pins'), board_id: Id, pin_ids: PinIds }),
    z.object({ kind: z.literal('delete_section'), board_id: Id, section_id: Id }),
  ],
  { error: `kind: Use one of ${ORGANIZE_KINDS.join(', ')}.` },
);
export type OrganizeInput = z.infer<typeof OrganizeInput>;

/** BoardOrganizeResource create: start a blocking action on a board. */
export const BoardOrganizeResource = resourceContract({
  name: 'BoardOrganizeResource',
  verbs: { create: { input: OrganizeInput, output: BlockingActionJson } },
});
