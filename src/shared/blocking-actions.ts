/*
 * Board blocking actions (viewer spec section 3, "Blocking action"; docs/decisions/0047-board-blocking-actions.md):
 * long-running bulk actions that lock a board, or one of its sections, while they run.
 */

/** The section id of an action that holds the whole board (the spec's '-1'). */
export const WHOLE_BOARD = '-1';

/** The spec's error text (sections 5 and 8) when a board answer carries no blocking actions. */
export const NO_BLOCKING_ACTIONS = 'No blocking actions found in the response';

export const ORGANIZE_KINDS = ['move', 'delete_pins', 'delete_section'] as const;
export type OrganizeKind = (typeof ORGANIZE_KINDS)[number];
export const ACTION_KINDS = [...ORGANIZE_KINDS, 'moderation'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
export const ACTION_STATES = ['running', 'done'] as const;
export type ActionState = (typeof ACTION_STATES)[number];

/** How many pins one organize action may take (a page of the board's grid selection). */
export const MAX_ORGANIZE_PINS = 250;

/** The spec's record: its four fields are what grouping and locking read. */
export type BlockingActionCore = { id: string; created_timestamp: number; progress: number; section_id: string | null };

export type BlockingActionGroups<A extends BlockingActionCore> = {
  /** The newest action on the whole board (section id '-1'). */
  board: A | null;
  /** The newest action on the board's pins outside any section. */
  unorganized: A | null;
  /** Each section's actions, newest first. */
  sections: Record<string, A[]>;
};

const newestFirst = (a: BlockingActionCore, b: BlockingActionCore) => b.created_timestamp - a.created_timestamp || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);

/** The spec's grouping per board: a whole-board action, an unorganized action and actions by section. */
export function groupBlockingActions<A extends BlockingActionCore>(actions: readonly A[]): BlockingActionGroups<A> {
  const groups: BlockingActionGroups<A> = { board: null, unorganized: null, sections: {} };
  for (const action of [...actions].sort(newestFirst)) {
    if (action.section_id === WHOLE_BOARD) groups.board ??= action;
    else if (action.section_id === null) groups.unorganized ??= action;
    else (groups.sections[action.section_id] ??= []).push(action);
  }
  return groups;
}

/**
 * The spec's rule for a fetch of blocking actions: an answer without any fails with its error
 * text; otherwise the actions it carries.
 */
export function blockingActionsOf<A>(data: { blocking_actions?: readonly A[] | null } | null | undefined): readonly A[] {
  const actions = data?.blocking_actions;
  if (!actions || actions.length === 0) throw new Error(NO_BLOCKING_ACTIONS);
  return actions;
}

/**
 * Whether a running action at `held` blocks an edit of `place`: the board as a whole (undefined),
 * its unorganized pins (null) or one section. A whole-board action blocks every edit, and an edit
 * of the whole board waits for every action.
 */
export function blocks(held: string | null, place: string | null | undefined): boolean {
  if (held === WHOLE_BOARD || place === undefined) return true;
  return held === place;
}

/** Where an action over these saves holds the board: their one section, the unorganized part, or the whole board. */
export function placeOfSaves(sectionIds: readonly (string | null)[]): string | null {
  const distinct = new Set(sectionIds);
  if (distinct.size !== 1) return WHOLE_BOARD;
  return [...distinct][0] ?? null;
}

/** Progress 0–100 of `done` of `total` steps; an empty action is complete. */
export function progressOf(done: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.floor((done * 100) / total));
}
