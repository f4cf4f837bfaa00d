import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import { matchSource } from '../search/text-match.repo.ts';
import type { MatchIndex } from '../search/text-match.ts';

/**
 * The search documents' words of these pins, and whether each is listed. The description's stems
 * join the terms: the terms leave out hashtags ("#interior #design"), which still say a topic.
 */
export async function documentTermsOfPins(db: Db, pinIds: readonly string[]): Promise<{ pin_id: string; terms: string; is_public: number }[]> {
  if (pinIds.length === 0) return [];
  const rows = await db
    .selectFrom('search_pins')
    .select(['pin_id', 'terms', 'description', 'is_public'])
    .where('pin_id', 'in', [...pinIds])
    .execute();
  return rows.map((r) => ({ pin_id: r.pin_id, terms: `${r.terms} ${r.description}`, is_public: r.is_public }));
}

/**
 * Of each topic's candidate pins, those whose document the engine finds holding every word of
 * the topic, in one statement (SQLite allows 500 parts of a compound select: ask for a hundred
 * topics at most).
 */
export async function pinsHoldingTopics(
  db: Db,
  dialect: Dialect,
  index: MatchIndex,
  asked: readonly { topicId: string; tokens: readonly string[]; pinIds: readonly string[] }[],
): Promise<{ pinId: string; topicId: string }[]> {
  if (asked.length === 0) return [];
  const parts = asked.map(({ topicId, tokens, pinIds }) => {
    const source = matchSource(dialect, index, { tokens, prefix: 'none' }, { within: (docId) => sql`${docId} in (${sql.join([...pinIds])})` });
    return sql`select cast(${topicId} as text) as topic_id, m.doc_id from ${source} m`;
  });
  const { rows } = await sql<{ topic_id: string; doc_id: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return rows.map((r) => ({ pinId: r.doc_id, topicId: r.topic_id }));
}
