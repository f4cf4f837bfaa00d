import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { blockersBetween, hasAnyBlock } from './access.repo.ts';
import type { Reader } from './authorized.ts';

/**
 * The reader, marked when no block stands either way between them and anyone: a request that asks
 * the policies about many pins (a search checks a hundred) then skips four block probes per pin.
 * Two index probes, once per request; a block made while the request runs applies from the next.
 */
export async function withBlocksKnown(db: Db, reader: Reader): Promise<Reader> {
  if (reader.userId === null) return reader;
  return { ...reader, blocksNone: !(await hasAnyBlock(db, reader.userId)) };
}

export type BlockState = { blockedByMe: boolean; blockedMe: boolean };

export async function blockStateBetween(db: Db, me: string | null, other: string): Promise<BlockState> {
  if (me === null || me === other) return { blockedByMe: false, blockedMe: false };
  const blockers = await blockersBetween(db, me, other);
  return { blockedByMe: blockers.includes(me), blockedMe: blockers.includes(other) };
}

/** A single read of something `ownerId` owns: a block either way makes it not found. */
export async function requireNotBlocked(db: Db, reader: Reader, ownerId: string): Promise<void> {
  const state = await blockStateBetween(db, reader.userId, ownerId);
  if (state.blockedByMe || state.blockedMe) throw new AppError('not_found');
}
