import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** What the typeahead reads besides the search indexes: topics by name, and the boards it links to. */

/** Topics whose name, or a word of it, starts with `typed` (ignoring case), most followed first. Topics are public. */
export async function topicsStartingWith(db: Db, typed: string, limit: number): Promise<{ id: string; name: string; slug: string }[]> {
  const escaped = typed.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .selectFrom('interests')
    .select(['id', 'name', 'slug'])
    .where((eb) => eb.or([eb(sql`lower(name)`, 'like', sql`${`${escaped}%`} escape '\\'`), eb(sql`lower(name)`, 'like', sql`${`% ${escaped}%`} escape '\\'`)]))
    .orderBy('follower_count', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** These boards with their owners' usernames, for their links. */
export async function boardLinkRows(db: Db, ids: readonly string[]): Promise<{ id: string; name: string; slug: string; username: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('boards')
    .innerJoin('users', 'users.id', 'boards.owner_id')
    .select(['boards.id', 'boards.name', 'boards.slug', 'users.username'])
    .where('boards.id', 'in', [...ids])
    .execute();
}
