import { z } from 'zod';
import { SearchQuery } from './search.ts';
import { V5Board } from './v5-boards.ts';
import { V5Pin } from './v5-pins.ts';
import { AdAccountQuery, CALL_ERRORS, errors, page, PageQuery, SCOPES, v5Operation } from './v5.ts';

/** The public API's searches of the token user's own pins and boards (the reference's tag "search"). */

/** Keywords, or pin ids separated by commas. */
const PinSearchQuery = AdAccountQuery.extend({ query: SearchQuery, bookmark: z.string().max(512).optional() });
const BoardSearchQuery = PageQuery.extend({ query: SearchQuery.optional() });

export const SearchPins = v5Operation({
  scopes: SCOPES.searchPins,
  schema: { querystring: PinSearchQuery, response: { 200: page(V5Pin), ...errors(...CALL_ERRORS) } },
});

export const SearchBoards = v5Operation({
  scopes: SCOPES.searchBoards,
  schema: { querystring: BoardSearchQuery, response: { 200: page(V5Board), ...errors(...CALL_ERRORS) } },
});
