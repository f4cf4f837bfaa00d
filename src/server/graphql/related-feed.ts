import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  GraphQLUnionType,
  type GraphQLFieldConfig,
} from 'graphql';
import { z } from 'zod';
import { encodeBookmark } from '../common/bookmark.ts';
import { parseInput } from '../http/validate.ts';
import { presentRelatedPinsFor, type RelatedPinJson } from '../recs/related.present.ts';
import { RELATED_PAGE_SIZE, relatedPins } from '../recs/related.service.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { PinType } from './pin-types.ts';
import type { GraphQLContext } from './schema.ts';

/**
 * A module of the closeup's related feed. The spec's node is a pin, a story or an explore
 * article; we have no related-feed stories or explore articles yet, so Pin is the only member.
 */
const RelatedModuleType = new GraphQLUnionType({
  name: 'RelatedModule',
  types: [PinType],
  resolveType: () => 'Pin',
});

type Edge = { node: RelatedPinJson; cursor: string };
type Connection = { edges: Edge[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };

const EdgeType = new GraphQLObjectType<Edge>({
  name: 'RelatedModuleEdge',
  fields: {
    node: { type: new GraphQLNonNull(RelatedModuleType) },
    cursor: { type: new GraphQLNonNull(GraphQLString), description: 'Pass as `after` to continue after this module.' },
  },
});

const PageInfoType = new GraphQLObjectType<Connection['pageInfo']>({
  name: 'PageInfo',
  fields: {
    endCursor: { type: GraphQLString },
    hasNextPage: { type: new GraphQLNonNull(GraphQLBoolean) },
  },
});

const ConnectionType = new GraphQLObjectType<Connection>({
  name: 'RelatedModulesConnection',
  fields: {
    edges: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(EdgeType))) },
    pageInfo: { type: new GraphQLNonNull(PageInfoType) },
  },
});

const Args = z.object({
  pinId: z.string().regex(/^\d{1,20}$/, 'This is not a pin id.'),
  first: z
    .number()
    .int()
    .min(1, 'Ask for one module or more.')
    .max(RELATED_PAGE_SIZE, `The related feed gives at most ${RELATED_PAGE_SIZE} a page.`)
    .nullish()
    .transform((n) => n ?? RELATED_PAGE_SIZE),
  after: z.string().max(512).nullish(),
});

/**
 * A cursor that resumes the feed after one pin. The related service finds a bookmark's pin in its
 * ranking when the position does not match it, and position 0 never does; so a page cut short by
 * `first` goes on right after its last edge.
 */
function cursorAfter(pinId: string): string {
  return encodeBookmark({ key: 0, id: pinId });
}

/** A page of the service as a connection; a full page's end cursor is the service's own bookmark. */
function connectionOf(pins: RelatedPinJson[], bookmark: string, first: number): Connection {
  const edges = pins.slice(0, first).map((node) => ({ node, cursor: cursorAfter(node.id) }));
  const cut = pins.length > first;
  const more = bookmark !== FEED_END;
  const endCursor = !cut && more ? bookmark : (edges.at(-1)?.cursor ?? null);
  return { edges, pageInfo: { endCursor, hasNextPage: cut || more } };
}

/**
 * The closeup's "more like this" (CloseupRelatedModulesFeedQuery). The spec's other variables
 * (where the reader came from: home feed signature, search query, source and its depth) tune
 * Pinterest's ranking; ours ranks by the pin alone, so they are accepted and not used.
 */
export const closeupRelatedModules: GraphQLFieldConfig<unknown, GraphQLContext> = {
  type: ConnectionType,
  args: {
    pinId: { type: new GraphQLNonNull(GraphQLID) },
    homefeedSourceSig: { type: GraphQLString },
    searchQuery: { type: GraphQLString },
    source: { type: GraphQLString },
    topLevelSource: { type: GraphQLString },
    topLevelSourceDepth: { type: GraphQLInt },
    first: { type: GraphQLInt, defaultValue: RELATED_PAGE_SIZE },
    after: { type: GraphQLString },
  },
  resolve: async (_root, args, { deps, actor }) => {
    const { pinId, first, after } = parseInput(Args, args);
    const page = await relatedPins(deps, actor, pinId, after ?? undefined);
    return connectionOf(await presentRelatedPinsFor(deps, actor, page.items), page.bookmark, first);
  },
};
