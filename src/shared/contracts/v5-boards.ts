import { z } from 'zod';
import { BOARD_DESCRIPTION_MAX, BoardName, SectionTitle } from './boards.ts';
import { multilineText } from './common.ts';
import { V5Pin } from './v5-pins.ts';
import { AdAccountQuery, BODY_ERRORS, CALL_ERRORS, CreativeTypes, errors, NoContent, page, PageQuery, QueryFlag, SCOPES, V5Id, v5Operation } from './v5.ts';

/** The public API's boards and board sections (the reference's tags "boards" and "board sections"). */

/** The reference's Board (and BoardWithUpdatePrivacy). */
export const V5Board = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  privacy: z.enum(['PUBLIC', 'SECRET']),
  owner: z.object({ username: z.string() }),
  created_at: z.string(),
  board_pins_modified_at: z.string().optional(),
  collaborator_count: z.number(),
  follower_count: z.number(),
  pin_count: z.number(),
  is_ads_only: z.boolean(),
  media: z.object({ image_cover_url: z.string().nullable(), pin_thumbnail_urls: z.array(z.string()) }),
});
export type V5Board = z.infer<typeof V5Board>;

export const V5Section = z.object({ id: z.string(), name: z.string() });
export type V5Section = z.infer<typeof V5Section>;

const BoardParams = z.object({ board_id: V5Id });
const SectionParams = BoardParams.extend({ section_id: V5Id });

/** The reference's BoardPrivacyFilter. */
export const BOARD_PRIVACY_FILTERS = ['ALL', 'PUBLIC', 'PROTECTED', 'SECRET', 'PUBLIC_AND_SECRET'] as const;
const BoardListQuery = PageQuery.extend({ privacy: z.enum(BOARD_PRIVACY_FILTERS).default('ALL') });

const Description = multilineText(BOARD_DESCRIPTION_MAX).nullable().optional();

const BoardCreateBody = z.object({
  name: BoardName,
  description: Description,
  privacy: z
    .enum(['PUBLIC', 'SECRET', 'PROTECTED'])
    .refine((v) => v !== 'PROTECTED', 'Protected boards are not supported: use PUBLIC or SECRET.')
    .optional(),
  is_ads_only: z
    .boolean()
    .refine((v) => !v, 'Ad-only boards are not supported.')
    .optional(),
});

const BoardUpdateBody = z.object({ name: BoardName.optional(), description: Description, privacy: z.enum(['PUBLIC', 'SECRET']).optional() });

const BoardPinsQuery = PageQuery.extend({ creative_types: CreativeTypes.optional(), pin_metrics: QueryFlag.optional() });

const SectionBody = z.object({ name: SectionTitle });

export const ListBoards = v5Operation({
  scopes: SCOPES.readBoards,
  schema: { querystring: BoardListQuery, response: { 200: page(V5Board), ...errors(...CALL_ERRORS) } },
});

export const CreateBoard = v5Operation({
  scopes: SCOPES.writeBoards,
  schema: { querystring: AdAccountQuery, body: BoardCreateBody, response: { 201: V5Board, ...errors(...CALL_ERRORS, ...BODY_ERRORS) } },
});

export const GetBoard = v5Operation({
  scopes: SCOPES.readBoards,
  schema: { params: BoardParams, querystring: AdAccountQuery, response: { 200: V5Board, ...errors(...CALL_ERRORS, 404) } },
});

export const UpdateBoard = v5Operation({
  scopes: SCOPES.writeBoards,
  schema: {
    params: BoardParams,
    querystring: AdAccountQuery,
    body: BoardUpdateBody,
    response: { 200: V5Board, ...errors(...CALL_ERRORS, ...BODY_ERRORS, 404, 409) },
  },
});

export const DeleteBoard = v5Operation({
  scopes: SCOPES.writeBoards,
  schema: { params: BoardParams, querystring: AdAccountQuery, response: { 204: NoContent, ...errors(...CALL_ERRORS, 404) } },
});

export const ListBoardPins = v5Operation({
  scopes: SCOPES.readBoardPins,
  errors: { 404: { code: 404, message: 'Board not found.' } },
  schema: { params: BoardParams, querystring: BoardPinsQuery, response: { 200: page(V5Pin), ...errors(...CALL_ERRORS, 404) } },
});

export const ListSections = v5Operation({
  scopes: SCOPES.readBoards,
  schema: { params: BoardParams, querystring: PageQuery, response: { 200: page(V5Section), ...errors(...CALL_ERRORS, 404) } },
});

export const CreateSection = v5Operation({
  scopes: SCOPES.writeBoards,
  errors: { 403: { code: 403, message: 'Not authorized to create board sections.' } },
  schema: {
    params: BoardParams,
    querystring: AdAccountQuery,
    body: SectionBody,
    response: { 201: V5Section, ...errors(...CALL_ERRORS, ...BODY_ERRORS, 404, 409) },
  },
});

export const UpdateSection = v5Operation({
  scopes: SCOPES.writeBoards,
  errors: { 403: { code: 403, message: 'Not authorized to update board section.' } },
  schema: {
    params: SectionParams,
    querystring: AdAccountQuery,
    body: SectionBody,
    response: { 200: V5Section, ...errors(...CALL_ERRORS, ...BODY_ERRORS, 404, 409) },
  },
});

export const DeleteSection = v5Operation({
  scopes: SCOPES.writeBoards,
  errors: {
    403: { code: 403, message: 'Not authorized to delete board section.' },
    404: { code: 404, message: 'Board section not found.' },
  },
  schema: { params: SectionParams, querystring: AdAccountQuery, response: { 204: NoContent, ...errors(...CALL_ERRORS, 404, 409) } },
});

export const ListSectionPins = v5Operation({
  scopes: SCOPES.readBoardPins,
  errors: { 404: { code: 404, message: 'Board or section not found.' } },
  schema: { params: SectionParams, querystring: PageQuery, response: { 200: page(V5Pin), ...errors(...CALL_ERRORS, 404) } },
});
