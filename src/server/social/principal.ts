import type { Actor } from '../auth/actor.ts';
import { AppError } from '../errors.ts';

/**
 * Who reads or writes boards, pins and profiles, as the visibility policies need it: the user (if
 * any) and whether the caller may see and change secret things. A browser session may; a personal
 * access token only with the public API's secret scopes.
 */
export type Reader = {
  userId: string | null;
  readsSecret: boolean;
  /** Known, as of this request, to have no block either way: the policies skip their block probes (block.policy.ts, withBlocksKnown). */
  blocksNone?: boolean;
};
export type Writer = { userId: string; readsSecret: boolean; writesSecret: boolean };

export type WriteScope = 'boards:write' | 'pins:write';

function hasScope(actor: Actor, scope: string): boolean {
  return actor.kind === 'member' || (actor.kind === 'token' && actor.scopes.includes(scope));
}

export function readerOf(actor: Actor): Reader {
  if (actor.kind === 'visitor') return { userId: null, readsSecret: false };
  return { userId: actor.userId, readsSecret: hasScope(actor, 'boards:read_secret') };
}

/** A signed-in caller allowed to write `scope`; a visitor is asked to sign in, a narrow token refused. */
export function writerOf(actor: Actor, scope: WriteScope): Writer {
  if (actor.kind === 'visitor') throw new AppError('unauthorized');
  if (!hasScope(actor, scope)) throw new AppError('forbidden', `This needs the ${scope} scope.`);
  return {
    userId: actor.userId,
    readsSecret: hasScope(actor, 'boards:read_secret'),
    writesSecret: hasScope(actor, scope === 'boards:write' ? 'boards:write_secret' : 'pins:write_secret'),
  };
}
