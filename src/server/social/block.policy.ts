import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { Reader } from './principal.ts';

/**
 * Blocked users see nothing of each other. `notBlocked(reader, column)` is the query fragment
 * every list uses: true when no block stands between the reader and the user in `column`, in
 * either direction. Two NOT EXISTS on the blocks primary key, so each is one index probe.
 */
export function notBlocked(reader: Reader, userColumn: Expression<unknown>): RawBuilder<SqlBool> {
  if (reader.userId === null || reader.blocksNone === true) return sql<SqlBool>`1 = 1`;
  const me = reader.userId;
  return sql<SqlBool>`(not exists (select 1 from blocks bk where bk.blocker_id = ${me} and bk.blocked_id = ${userColumn})
    and not exists (select 1 from blocks bk where bk.blocker_id = ${userColumn} and bk.blocked_id = ${me}))`;
}

/**
 * The reader, marked when no block stands either way between them and anyone: a request that asks
 * the policies about many pins (a search checks a hundred) then skips four block probes per pin.
 * Two index probes, once per request; a block made while the request runs applies from the next.
 */
export async function withBlocksKnown(db: Db, reader: Reader): Promise<Reader> {
  const me = reader.userId;
  if (me === null) return reader;
  const [asBlocker, asBlocked] = await Promise.all([
    db.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', me).limit(1).executeTakeFirst(),
    db.selectFrom('blocks').select('blocker_id').where('blocked_id', '=', me).limit(1).executeTakeFirst(),
  ]);
  return { ...reader, blocksNone: !asBlocker && !asBlocked };
}

export type BlockState = { blockedByMe: boolean; blockedMe: boolean };

export async function blockStateBetween(db: Db, me: string | null, other: string): Promise<BlockState> {
  if (me === null || me === other) return { blockedByMe: false, blockedMe: false };
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id'])
    .where((eb) =>
      eb.or([eb.and([eb('blocker_id', '=', me), eb('blocked_id', '=', other)]), eb.and([eb('blocker_id', '=', other), eb('blocked_id', '=', me)])]),
    )
    .execute();
  return { blockedByMe: rows.some((r) => r.blocker_id === me), blockedMe: rows.some((r) => r.blocker_id === other) };
}

/** A single read of something `ownerId` owns: a block either way makes it not found. */
export async function requireNotBlocked(db: Db, reader: Reader, ownerId: string): Promise<void> {
  const state = await blockStateBetween(db, reader.userId, ownerId);
  if (state.blockedByMe || state.blockedMe) throw new AppError('not_found');
}
