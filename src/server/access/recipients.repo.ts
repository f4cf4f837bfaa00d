import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { recipientsIn } from './authorized.ts';
import { notBlocked, visibleBoards, visiblePins } from './visibility.repo.ts';

/** What a notification is about, which each recipient must be able to see. */
export type NoticeSubject = { pinId: string | null; boardId: string | null };

/** Candidates checked per query: well under both databases' bound parameters. */
const CHUNK = 1000;

/**
 * Of `candidates`, the members who may be told that `actorId` did something to `subject`: not
 * the actor, no block either way between them, and the pin and board seen as each candidate's own
 * session sees them (the same rules as every read: a save to a secret board reaches only its
 * members). One query per thousand candidates.
 */
export async function recipientsWhoSee(db: Db, candidates: readonly string[], actorId: string, subject: NoticeSubject): Promise<string[]> {
  const unique = [...new Set(candidates)].filter((id) => id !== actorId);
  const readers = recipientsIn(sql.ref('users.id'));
  const found: string[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) {
    let query = db
      .selectFrom('users')
      .select('users.id')
      .where('users.id', 'in', unique.slice(i, i + CHUNK))
      .where(notBlocked(readers, sql`${actorId}`));
    if (subject.pinId !== null) {
      const pinId = subject.pinId;
      query = query.where((eb) => eb.exists(eb.selectFrom('pins').select('pins.id').where('pins.id', '=', pinId).where(visiblePins(readers))));
    }
    if (subject.boardId !== null) {
      const boardId = subject.boardId;
      query = query.where((eb) => eb.exists(eb.selectFrom('boards').select('boards.id').where('boards.id', '=', boardId).where(visibleBoards(readers))));
    }
    found.push(...(await query.execute()).map((r) => r.id));
  }
  return found;
}
