import { z } from 'zod';
import type { Actor } from '../access/actor.ts';
import type { PAT_SCOPES } from '../auth/pat.service.ts';
import type { PinKind } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { findUserById } from '../users/users.repo.ts';

/**
 * What every public API route shares (docs/decisions/0011-public-api-v5.md): the caller is a
 * personal access token holding the scopes the reference names for the operation, ids are
 * strings of digits, lists page with `bookmark` and `page_size` and answer `{items, bookmark}`.
 */

export type Scope = (typeof PAT_SCOPES)[number];
export type TokenActor = Extract<Actor, { kind: 'token' }>;

/** The OAuth scopes each operation of the reference asks for, all of them required. */
export const SCOPES = {
  readAccount: ['user_accounts:read'],
  readBoards: ['boards:read'],
  writeBoards: ['boards:read', 'boards:write'],
  readBoardPins: ['boards:read', 'pins:read'],
  writePins: ['boards:read', 'boards:write', 'pins:read', 'pins:write'],
  /** The reference's searches of one's own pins and boards ask for the secret scopes too. */
  searchPins: ['boards:read', 'boards:read_secret', 'pins:read', 'pins:read_secret'],
  searchBoards: ['boards:read', 'boards:read_secret'],
  readMedia: ['pins:read'],
  writeMedia: ['pins:read', 'pins:write'],
} as const satisfies Record<string, readonly Scope[]>;

/**
 * The public API is called with a personal access token (a browser session has the resource
 * protocol): none is 401, a token without every scope of the operation 403, before anything is read.
 */
export function requireScopes(actor: Actor, scopes: readonly Scope[]): TokenActor {
  if (actor.kind !== 'token') {
    throw new AppError('unauthorized', 'The public API needs a personal access token: Authorization: Bearer cbpat_...');
  }
  const missing = scopes.filter((scope) => !actor.scopes.includes(scope));
  if (missing.length > 0) throw new AppError('forbidden', `This access token needs the ${missing.join(', ')} scope${missing.length > 1 ? 's' : ''}.`);
  return actor;
}

/** The token's own username: the "operation user_account" of the reference's lists. */
export async function usernameOf(deps: Deps, actor: TokenActor): Promise<string> {
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw new AppError('unauthorized');
  return user.username;
}

/**
 * An id of the reference (`^\d+$`). Ours are decimal strings, so anything else cannot name a thing
 * and is refused as malformed; digits we never issued are simply not found.
 */
export const V5Id = z.string().max(64).regex(/^\d+$/, 'Expected an id: a string of digits.');

/** Business Access acts for another account's ad account; Corkboard has none to act for. */
const NoAdAccount = z.never({ error: 'Business Access (ad_account_id) is not supported.' }).optional();

export const AdAccountQuery = z.object({ ad_account_id: NoAdAccount });

export const PageQuery = AdAccountQuery.extend({
  bookmark: z.string().max(512).optional(),
  page_size: z.coerce.number().int().min(1).max(250).default(25),
});

/** A query flag: `true` or `false`, as the reference's boolean query parameters are sent. */
export const QueryFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The reference's CreativeType; ours are image pins (REGULAR) and video pins (VIDEO). */
const CREATIVE_TYPES = [
  'REGULAR',
  'VIDEO',
  'SHOPPING',
  'CAROUSEL',
  'MAX_VIDEO',
  'SHOP_THE_PIN',
  'COLLECTION',
  'IDEA',
  'SHOWCASE',
  'QUIZ',
  'COLLAGE',
  'MAX_WIDTH_REGULAR_COLLECTION',
  'MAX_WIDTH_VIDEO_COLLECTION',
] as const;

/** `creative_types`, repeated or comma-separated. */
export const CreativeTypes = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',') : value),
  z.array(z.enum(CREATIVE_TYPES)).min(1).max(CREATIVE_TYPES.length),
);

/**
 * The pin kinds a creative-type filter keeps: undefined for no filter, null when none of ours
 * can match (the list is then empty without asking the database).
 */
export function kindsOf(types: readonly (typeof CREATIVE_TYPES)[number][] | undefined): readonly [PinKind, ...PinKind[]] | null | undefined {
  if (!types) return undefined;
  const kinds: PinKind[] = [...(types.includes('REGULAR') ? ['image' as const] : []), ...(types.includes('VIDEO') ? ['video' as const] : [])];
  const [first, ...rest] = kinds;
  return first ? [first, ...rest] : null;
}

/** A list in the reference's shape: our end marker is a null bookmark. */
export function paged<T>(items: T[], bookmark: string): { items: T[]; bookmark: string | null } {
  return { items, bookmark: bookmark === FEED_END ? null : bookmark };
}

export const emptyPage = () => ({ items: [], bookmark: null });

/** The reference's date-time strings. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
