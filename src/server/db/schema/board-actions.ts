import type { Generated, Selectable } from 'kysely';

// Board blocking actions (migration 0026, docs/decisions/0047-board-blocking-actions.md).

export type BoardActionsTable = {
  id: string;
  board_id: string;
  /** '-1' for the whole board, null for its pins outside any section, else the section's id. */
  section_id: string | null;
  kind: string;
  state: string;
  actor_id: string;
  target_board_id: string | null;
  target_section_id: string | null;
  /** JSON array of the selected pins' ids. */
  pin_ids: string;
  pin_count: number;
  done_count: Generated<number>;
  moved_count: Generated<number>;
  removed_count: Generated<number>;
  progress: Generated<number>;
  created_at: number;
  finished_at: number | null;
};
export type BoardAction = Selectable<BoardActionsTable>;
