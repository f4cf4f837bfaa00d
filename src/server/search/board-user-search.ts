import { sql } from 'kysely';
import { visibleBoards } from '../boards/board.policy.ts';
import { boardsOfMember } from '../boards/boards-feed.ts';
import type { Deps } from '../deps.ts';
import { notBlocked } from '../social/block.policy.ts';
import type { Reader } from '../social/principal.ts';
import { rankBoards, rankUsers, type Ranked } from './ranking.ts';
import { matchSource, type PrefixMode } from './text-match.ts';

/**
 * Boards and people for a query. Their documents hold every board and member; who may find which
 * is decided here, with the board policy (secret boards for their members only, no blocked
 * owners) and the block policy, before the candidate cap.
 */
export const BOARD_USER_CAP = 500;
/** The newest matching boards or people looked at before the cap (text-match.ts, MatchScope). */
const MATCH_WINDOW = 5_000;

/** `memberId`: only the boards that member owns or collaborates on (the public API's search of one's boards). */
export type BoardSearchOptions = { cap?: number; memberId?: string | null };

export async function searchBoards(deps: Deps, reader: Reader, tokens: readonly string[], prefix: PrefixMode, options: BoardSearchOptions = {}): Promise<Ranked[]> {
  const { cap = BOARD_USER_CAP, memberId = null } = options;
  const source = matchSource(deps.dialect, 'boards', { tokens, prefix }, { window: MATCH_WINDOW });
  let query = deps.db
    .selectFrom(source.as('m'))
    .innerJoin('boards', 'boards.id', 'm.doc_id')
    .select(['boards.id', 'm.text_score', 'boards.follower_count', 'boards.pin_count'])
    .where(visibleBoards(reader))
    .where('boards.archived_at', 'is', null);
  if (memberId !== null) query = query.where(boardsOfMember(memberId));
  const rows = await query
    .orderBy('m.text_score', 'desc')
    .orderBy('boards.id')
    .limit(cap)
    .execute();
  return rankBoards(rows.map((r) => ({ id: r.id, text: r.text_score, followers: r.follower_count, pins: r.pin_count })));
}

export async function searchUsers(deps: Deps, reader: Reader, tokens: readonly string[], prefix: PrefixMode, cap = BOARD_USER_CAP): Promise<Ranked[]> {
  const source = matchSource(deps.dialect, 'users', { tokens, prefix }, { window: MATCH_WINDOW });
  const rows = await deps.db
    .selectFrom(source.as('m'))
    .innerJoin('users', 'users.id', 'm.doc_id')
    .leftJoin('user_profiles as up', 'up.user_id', 'users.id')
    .select(['users.id', 'm.text_score', 'up.follower_count'])
    .where(notBlocked(reader, sql.ref('users.id')))
    .orderBy('m.text_score', 'desc')
    .orderBy('users.id')
    .limit(cap)
    .execute();
  return rankUsers(rows.map((r) => ({ id: r.id, text: r.text_score, followers: r.follower_count ?? 0 })));
}
