import type { Deps } from '../deps.ts';
import type { Reader } from '../access/authorized.ts';
import { rankBoards, rankUsers, type Ranked } from './ranking.ts';
import { matchingBoards, matchingUsers } from './board-user-search.repo.ts';
import { scoredWords, type PrefixMode } from './text-match.ts';
import { textScore, type FieldWeight } from './text-score.ts';

/**
 * Boards and people for a query. Their documents hold every board and member; who may find which
 * is decided here, with the board policy (secret boards for their members only, no blocked
 * owners) and the block policy, before the candidate cap.
 */
export const BOARD_USER_CAP = 500;
/** The newest matching boards or people looked at before the cap (text-match.ts, MatchScope), as for pins. */
const MATCH_WINDOW = 1_000;

/** How the scorer weighs a board's name and description, a member's username and full name. */
const BOARD_FIELDS: readonly FieldWeight[] = [
  { weight: 5, typicalLength: 3 },
  { weight: 1, typicalLength: 10 },
];
const USER_FIELDS: readonly FieldWeight[] = [
  { weight: 3, typicalLength: 3 },
  { weight: 2, typicalLength: 2 },
];

/** `memberId`: only the boards that member owns or collaborates on (the public API's search of one's boards). `window`: newest matches looked at. */
export type BoardSearchOptions = { cap?: number; memberId?: string | null; window?: number };

export async function searchBoards(
  deps: Deps,
  reader: Reader,
  tokens: readonly string[],
  prefix: PrefixMode,
  options: BoardSearchOptions = {},
): Promise<Ranked[]> {
  const { cap = BOARD_USER_CAP, memberId = null, window = MATCH_WINDOW } = options;
  const query = { tokens, prefix };
  const rows = await matchingBoards(deps.db, deps.dialect, reader, query, { window, memberId });
  const words = scoredWords('boards', query);
  const scored = rows.map((r) => ({
    id: r.id,
    text: textScore(BOARD_FIELDS, [r.name, r.description], words),
    followers: r.follower_count,
    pins: r.pin_count,
  }));
  return rankBoards(bestByText(scored, cap));
}

export async function searchUsers(
  deps: Deps,
  reader: Reader,
  tokens: readonly string[],
  prefix: PrefixMode,
  cap = BOARD_USER_CAP,
  window = MATCH_WINDOW,
): Promise<Ranked[]> {
  const query = { tokens, prefix };
  const rows = await matchingUsers(deps.db, deps.dialect, reader, query, window);
  const words = scoredWords('users', query);
  const scored = rows.map((r) => ({
    id: r.id,
    text: textScore(USER_FIELDS, [r.username, r.full_name], words),
    followers: r.follower_count ?? 0,
  }));
  return rankUsers(bestByText(scored, cap));
}

/** The `cap` best by text (ties: the first id in order), so the blend ranks a bounded list. */
function bestByText<T extends { id: string; text: number }>(items: T[], cap: number): T[] {
  return items.sort((a, b) => b.text - a.text || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, cap);
}
