import type { BlockingActionJson } from '../../shared/contracts/blocking-actions.ts';
import type { ActionKind, ActionState } from '../../shared/blocking-actions.ts';
import type { Db } from '../db/database.ts';
import type { BoardAction } from '../db/schema/board-actions.ts';
import { boardLinks, moderatorRemovals } from './board-actions.repo.ts';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** Owners' actions as the spec's records, with their target boards' links read in one query. */
export async function presentActions(db: Db, rows: readonly BoardAction[]): Promise<BlockingActionJson[]> {
  const links = new Map(
    (await boardLinks(db, [...new Set(rows.flatMap((r) => (r.target_board_id ? [r.target_board_id] : [])))])).map((b) => [
      b.id,
      { id: b.id, name: b.name, url: `/${b.username}/${b.slug}/` },
    ]),
  );
  return rows.map((r) => ({
    id: r.id,
    created_timestamp: seconds(r.created_at),
    progress: r.progress,
    section_id: r.section_id,
    kind: r.kind as ActionKind,
    state: r.state as ActionState,
    pin_count: r.pin_count,
    moved_count: r.moved_count,
    removed_count: r.removed_count,
    target_board: (r.target_board_id && links.get(r.target_board_id)) || null,
    reason: null,
  }));
}

/** Moderators' removals from the board: completed actions of one pin each, with their reason. */
export async function presentRemovals(db: Db, boardId: string): Promise<BlockingActionJson[]> {
  return (await moderatorRemovals(db, boardId)).map((m) => ({
    id: `${m.case_id}-${m.pin_id}`,
    created_timestamp: seconds(m.hidden_at),
    progress: 100,
    section_id: m.section_id,
    kind: 'moderation',
    state: 'done',
    pin_count: 1,
    moved_count: 0,
    removed_count: 1,
    target_board: null,
    reason: m.reason ?? '',
  }));
}
