import type { Expression } from 'kysely';
import { AppError } from '../errors.ts';
import type { Actor } from './actor.ts';

/**
 * Access as a type (docs/decisions/0035-access-types.md). A service takes the request's Actor and
 * turns it into one of these with the functions below, or with the board and operator checks of
 * this folder; every helper, repository call and presenter it hands work to takes the authorized
 * type, never the Actor. The brand is declared here and nowhere else, so only this folder can
 * make one (a lint rule forbids casting to them elsewhere): holding one proves the check ran.
 */
declare const authorized: unique symbol;
type Authorized<T> = Readonly<T> & { readonly [authorized]: true };

type Session = Extract<Actor, { kind: 'member' }>;

/** Any signed-in caller: a browser session or a personal access token. */
export type SignedIn = Authorized<Exclude<Actor, { kind: 'visitor' }>>;
/** A browser session: things a leaked token must not be able to do (mint tokens, change passwords). */
export type Member = Authorized<Session>;

/**
 * Who reads or writes boards, pins and profiles, as the visibility policies need it: the user (if
 * any) and whether the caller may see and change secret things. A browser session may; a personal
 * access token only with the public API's secret scopes.
 */
export type Reader = Authorized<{
  userId: string | null;
  readsSecret: boolean;
  /** Known, as of this request, to have no block either way: the policies skip their block probes (withBlocksKnown). */
  blocksNone?: boolean;
}>;
/**
 * Every member named by a column at once, each as their own browser session reads (secret boards
 * included): the recipients of a notification, checked against the visibility rules in the one
 * query that lists them (docs/decisions/0050-notifications.md).
 */
export type Recipients = Authorized<{ userId: Expression<unknown>; readsSecret: true; blocksNone?: undefined }>;

export function recipientsIn(userColumn: Expression<unknown>): Recipients {
  return { userId: userColumn, readsSecret: true } as Recipients;
}

export type Writer = Authorized<{ userId: string; readsSecret: boolean; writesSecret: boolean }>;

export type WriteScope = 'boards:write' | 'pins:write';

/**
 * A member of a conversation, as checked by conversation.policy.ts: their place in it (a member, a
 * contact request waiting for their answer) and whether it is a group.
 */
export type Participant = Authorized<{
  userId: string;
  conversationId: string;
  status: 'accepted' | 'request';
  isGroup: boolean;
  /** The conversation's other members who have not left it. */
  others: readonly string[];
}>;

/** Made by conversation.policy.ts only, once it found the member in the conversation. */
export function participantFrom(fields: Omit<Participant, typeof authorized>): Participant {
  return fields as Participant;
}

function hasScope(actor: Actor, scope: string): boolean {
  return actor.kind === 'member' || (actor.kind === 'token' && actor.scopes.includes(scope));
}

/** Anyone may read: a visitor sees what is public. */
export function readerOf(actor: Actor): Reader {
  if (actor.kind === 'visitor') return VISITOR;
  return { userId: actor.userId, readsSecret: hasScope(actor, 'boards:read_secret') } as Reader;
}

/** A member as their own browser session reads, for news sent to them by push or mail (no request is there to check). */
export function recipientReader(userId: string): Reader {
  return { userId, readsSecret: true } as Reader;
}

/** The reader as a visitor would be: what anyone may see (a media file's public cache, a listing). */
export const VISITOR = { userId: null, readsSecret: false } as Reader;

/** The same reader without their secret boards: listings of public pins still leave out what they hid or blocked. */
export function publicReaderOf(reader: Reader): Reader {
  return { userId: reader.userId, readsSecret: false } as Reader;
}

/** A signed-in caller allowed to write `scope`; a visitor is asked to sign in, a narrow token refused. */
export function writerOf(actor: Actor, scope: WriteScope): Writer {
  if (actor.kind === 'visitor') throw new AppError('unauthorized');
  if (!hasScope(actor, scope)) throw new AppError('forbidden', `This needs the ${scope} scope.`);
  return {
    userId: actor.userId,
    readsSecret: hasScope(actor, 'boards:read_secret'),
    writesSecret: hasScope(actor, scope === 'boards:write' ? 'boards:write_secret' : 'pins:write_secret'),
  } as Writer;
}

/** Any signed-in caller: a browser session or a personal access token. */
export function requireSignedIn(actor: Actor): SignedIn {
  if (actor.kind === 'visitor') throw new AppError('unauthorized');
  return actor as SignedIn;
}

/** A browser session only. */
export function requireSession(actor: Actor): Member {
  if (actor.kind === 'visitor') throw new AppError('unauthorized');
  if (actor.kind !== 'member') throw new AppError('forbidden', 'This needs a signed-in browser session.');
  return actor as Member;
}

/** A session that is not in limited login (docs/decisions/0006-accounts-and-sessions.md). */
export function requireFullSession(actor: Actor): Member {
  const member = requireSession(actor);
  if (member.limitedLogin) throw new AppError('forbidden', 'Please verify your email to continue.');
  return member;
}

/** A personal access token holding scopes (the public API). */
export type Token = Authorized<Extract<Actor, { kind: 'token' }>>;

/**
 * The public API's gate: a personal access token holding every scope the operation names; no
 * token is 401, a token without every scope 403, before anything is read.
 */
export function requireTokenScopes(actor: Actor, scopes: readonly string[]): Token {
  if (actor.kind !== 'token') throw new AppError('unauthorized', 'The public API needs a personal access token: Authorization: Bearer cbpat_...');
  const missing = scopes.filter((scope) => !actor.scopes.includes(scope));
  if (missing.length > 0) throw new AppError('forbidden', `This access token needs the ${missing.join(', ')} scope${missing.length > 1 ? 's' : ''}.`);
  return actor as Token;
}

/** A browser session, or a token holding `scope`: what a member's own account reads and changes through either. */
export function requireScope(actor: Actor, scope: string): SignedIn {
  if (actor.kind === 'visitor') throw new AppError('unauthorized');
  if (actor.kind === 'token' && !actor.scopes.includes(scope)) throw new AppError('forbidden', `This needs the ${scope} scope.`);
  return actor as SignedIn;
}

/** A signed-in caller as a reader of their own lists (the home feed): a visitor is asked to sign in. */
export function signedInReaderOf(actor: Actor): Reader & { userId: string } {
  if (actor.kind === 'visitor') throw new AppError('unauthorized');
  return { userId: actor.userId, readsSecret: hasScope(actor, 'boards:read_secret') } as Reader & { userId: string };
}
