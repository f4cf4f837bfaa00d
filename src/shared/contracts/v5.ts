import { z } from 'zod';
import type { PatScope } from './auth.ts';

/**
 * What every operation of the public API shares (docs/decisions/0011-public-api-v5.md): ids are
 * strings of digits, lists page with `bookmark` and `page_size` and answer `{items, bookmark}`,
 * errors answer the reference's Error `{code, message}`, and each operation names the token
 * scopes the reference's security lists for it. The operations themselves are declared by tag in
 * v5-*.ts beside this file.
 */

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
  /** Business access: the reference asks some writes for both scopes, some for write alone. */
  readBusiness: ['biz_access:read'],
  writeBusiness: ['biz_access:write'],
  readWriteBusiness: ['biz_access:read', 'biz_access:write'],
} as const satisfies Record<string, readonly PatScope[]>;

export type V5Scope = (typeof SCOPES)[keyof typeof SCOPES][number];

/** The reference's Error, the body of every refusal. */
export const V5Error = z.object({ code: z.number().int(), message: z.string() });
export type V5Error = z.infer<typeof V5Error>;

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500;

/** The error statuses an operation answers, each with the reference's Error body. */
export function errors<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof V5Error> {
  const out: Partial<Record<S, typeof V5Error>> = {};
  for (const status of statuses) out[status] = V5Error;
  return out as Record<S, typeof V5Error>;
}

/** What any call with a token may meet: bad input, no token, a missing scope, a fault of ours. */
export const CALL_ERRORS = [400, 401, 403, 500] as const;
/** What a call with a JSON body may meet besides: a body too large or of another type. */
export const BODY_ERRORS = [413, 415] as const;

type Schema = {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** A body that is not JSON (a multipart upload), read by the route itself. */
  consumes?: readonly string[];
  response: Partial<Record<number, z.ZodType>>;
};

/** An error answer the reference names for an operation. */
export type V5NamedError = { code: number; message: string };

/**
 * The error answers the reference names for an operation, by status; by what is missing where one
 * operation answers several (a save misses its pin, board or section). They replace the generic
 * answer of that status only (src/server/http/error-handler.ts): a refusal that says more keeps it.
 */
export type V5NamedErrors = Partial<Record<number, V5NamedError | Partial<Record<'board' | 'pin' | 'section', V5NamedError>>>>;

/**
 * One operation: the route's schemas (input, and every answer by status), the scopes a token
 * must hold for it (null for the calls no token authorizes: an upload URL's own secret is its
 * authority, and the reference's operations we do not serve) and the error answers it names.
 */
export type V5Operation = { scopes: readonly V5Scope[] | null; schema: Schema; errors?: V5NamedErrors };

export function v5Operation<const O extends V5Operation>(operation: O): O {
  return operation;
}

/**
 * An id of the reference (`^\d+$`). Ours are decimal strings, so anything else cannot name a thing
 * and is refused as malformed; digits we never issued are simply not found.
 */
export const V5Id = z.string().max(64).regex(/^\d+$/, 'Expected an id: a string of digits.');

/** Business Access acts for another account's ad account; Corkboard has none to act for. */
const NoAdAccount = z.never({ error: 'Business Access (ad_account_id) is not supported.' }).optional();

export const AdAccountQuery = z.object({ ad_account_id: NoAdAccount });

/** An operation that takes nothing in its query: whatever is sent there is ignored. */
export const NoQuery = z.object({});

export const PageQuery = AdAccountQuery.extend({
  bookmark: z.string().max(512).optional(),
  page_size: z.coerce.number().int().min(1).max(250).default(25),
});

/** A query flag: `true` or `false`, as the reference's boolean query parameters are sent. */
export const QueryFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The reference's CreativeType; ours are image pins (REGULAR) and video pins (VIDEO). */
export const CREATIVE_TYPES = [
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
export type CreativeType = (typeof CREATIVE_TYPES)[number];

/** `creative_types`, repeated or comma-separated. */
export const CreativeTypes = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',') : value),
  z.array(z.enum(CREATIVE_TYPES)).min(1).max(CREATIVE_TYPES.length),
);

/** A list in the reference's shape: the end of the list has a null bookmark. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), bookmark: z.string().nullable() });
}

/** A 204 answer: no body at all. */
export const NoContent = z.undefined();

/**
 * The reference's operations that share a path with one of ours but are not served here: the path
 * must not be taken for an id (`/pins/analytics` is not the pin "analytics"). They answer 404 for
 * every method, with or without a token, whatever they are sent.
 */
export const NOT_SERVED_PATHS = ['/pins/analytics'] as const;

export const NotServedWithoutBody = v5Operation({ scopes: null, schema: { querystring: NoQuery, response: errors(404) } });
export const NotServedWithBody = v5Operation({ scopes: null, schema: { querystring: NoQuery, body: z.unknown(), response: errors(404) } });
