import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Board, BoardCollaborator } from '../db/schema/boards-and-pins.ts';

/** What the board and section presenters read beside the rows, each in one query for a whole page. */

/** The user's collaborator entries on these boards, by board. */
export async function collaborationsOn(db: Db, userId: string, boardIds: readonly string[]): Promise<Map<string, BoardCollaborator>> {
  const rows = await db
    .selectFrom('board_collaborators')
    .selectAll()
    .where('user_id', '=', userId)
    .where('board_id', 'in', [...boardIds])
    .execute();
  return new Map(rows.map((r) => [r.board_id, r]));
}

/** Which of these boards the user follows. */
export async function boardFollowsAmong(db: Db, userId: string, boardIds: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('board_follows')
    .select('board_id')
    .where('user_id', '=', userId)
    .where('board_id', 'in', [...boardIds])
    .execute();
  return new Set(rows.map((r) => r.board_id));
}

/** The first `shown` accepted collaborators of each board, in one query (a window per board). */
export async function firstCollaborators(db: Db, boardIds: readonly string[], shown: number): Promise<{ board_id: string; user_id: string }[]> {
  const ranked = db
    .selectFrom('board_collaborators')
    .select(['board_id', 'user_id', sql<number>`row_number() over (partition by board_id order by created_at, user_id)`.as('rank')])
    .where('board_id', 'in', [...boardIds])
    .where('status', '=', 'accepted')
    .as('ranked');
  return db.selectFrom(ranked).select(['ranked.board_id', 'ranked.user_id']).where('ranked.rank', '<=', shown).orderBy('ranked.rank').execute();
}

/** The chosen cover pin while the board still holds it, else the newest pin on the board. */
export async function coverPins(db: Db, boards: readonly Board[]): Promise<Map<string, { id: string; media_id: string | null }>> {
  const rows = await db
    .selectFrom('board_pins as bp')
    .innerJoin('pins', 'pins.id', 'bp.pin_id')
    .select(['bp.board_id', 'pins.id', 'pins.media_id', 'bp.created_at'])
    .where(
      'bp.board_id',
      'in',
      boards.map((b) => b.id),
    )
    .where('pins.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb(
          'bp.created_at',
          '=',
          eb
            .selectFrom('board_pins as x')
            .select((x) => x.fn.max('x.created_at').as('m'))
            .whereRef('x.board_id', '=', 'bp.board_id'),
        ),
        eb.exists(eb.selectFrom('boards').select('boards.id').whereRef('boards.id', '=', 'bp.board_id').whereRef('boards.cover_pin_id', '=', 'bp.pin_id')),
      ]),
    )
    .execute();
  const chosen = new Map(boards.map((b) => [b.id, b.cover_pin_id]));
  const covers = new Map<string, { id: string; media_id: string | null }>();
  for (const row of rows) {
    if (covers.has(row.board_id) && chosen.get(row.board_id) !== row.id) continue;
    covers.set(row.board_id, { id: row.id, media_id: row.media_id });
  }
  return covers;
}

/** The media of each section's newest live pin, in one query (a window per section). */
export async function sectionCovers(db: Db, sectionIds: readonly string[]): Promise<Map<string, string>> {
  if (sectionIds.length === 0) return new Map();
  const ranked = db
    .selectFrom('board_pins as bp')
    .innerJoin('pins', 'pins.id', 'bp.pin_id')
    .select(['bp.section_id', 'pins.media_id', sql<number>`row_number() over (partition by bp.section_id order by bp.created_at desc, bp.id desc)`.as('rank')])
    .where('bp.section_id', 'in', [...sectionIds])
    .where('pins.deleted_at', 'is', null)
    .where('pins.media_id', 'is not', null)
    .as('ranked');
  const rows = await db.selectFrom(ranked).select(['ranked.section_id', 'ranked.media_id']).where('ranked.rank', '=', 1).execute();
  return new Map(rows.flatMap((r) => (r.section_id && r.media_id ? [[r.section_id, r.media_id] as const] : [])));
}
