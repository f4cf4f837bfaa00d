import type { Db } from '../db/database.ts';

/** Where a board's running blocking actions hold it: '-1' (whole board), null (unorganized pins) or a section id. */
export async function runningActionPlaces(db: Db, boardId: string): Promise<{ section_id: string | null; progress: number }[]> {
  return db.selectFrom('board_actions').select(['section_id', 'progress']).where('board_id', '=', boardId).where('state', '=', 'running').execute();
}
