import crypto from 'node:crypto';
import { parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import {
  CloseupDetailQuery,
  CloseupPageQuery,
  CloseupRelatedModulesFeedQuery,
  ViewerQuery,
  type GraphQLQueryContract,
} from '../../shared/contracts/graphql.ts';
import { withFragments } from './fragments.ts';

/**
 * The only operations the server executes. Clients send the SHA-256 of an operation's document
 * (the operation and the fragments it spreads, fragments.ts) as `queryHash`; an area adds its
 * queries to `operations` and their contracts (src/shared/contracts/graphql.ts) to `contracts`.
 */
const operations = {
  ViewerQuery: /* GraphQL */ `
    query ViewerQuery {
      viewer {
        id
        username
        fullName
        firstName
        email
        emailVerified
        loginState
        isPartner
      }
    }
  `,
  CloseupDetailQuery: /* GraphQL */ `
    query CloseupDetailQuery($pinId: ID!, $isAuth: Boolean, $isDesktop: Boolean) {
      closeupDetail(pinId: $pinId, isAuth: $isAuth, isDesktop: $isDesktop) {
        __typename
        ... on Pin {
          ...PinTile
          isUnsafe
          isHidden
          commentsDisabled
          isEligibleForAggregatedComments
          aggregatedPinData {
            commentCount
            didItData {
              userCount
              imagesCount
            }
          }
          videos {
            seoViewCount
            videoList {
              v720P {
                url
                width
                height
                duration
                thumbnail
              }
              vHLSV4 {
                url
                width
                height
                duration
                thumbnail
              }
            }
          }
          pinner {
            imageMediumUrl
            followerCount
            explicitlyFollowedByMe
            blockedByMe
          }
          attribution {
            authorName
            authorUrl
            ccUrl
            providerName
            url
          }
          richMetadata
          ...StoryPin
          reactionCountsData {
            reactionType
            reactionCount
          }
          reactionByMe
          doneByMe
          seoTitle
          seoDescription
          seoUrl
          seoNoindexReason
          pinJoin {
            seoCanonicalUrl
            seoBreadcrumbs {
              name
              url
            }
            seoRelatedInterests {
              id
              name
              slug
              url
              followerCount
              isFollowed
            }
          }
        }
        ... on Error {
          code
          message
          httpStatus
        }
      }
    }
  `,
  CloseupPageQuery: /* GraphQL */ `
    query CloseupPageQuery($pinId: ID!, $isAuth: Boolean) {
      closeupPage(pinId: $pinId, isAuth: $isAuth) {
        __typename
        ... on Pin {
          ...PinSummary
          images {
            size
            url
            width
            height
          }
          pinner {
            id
            username
            fullName
            profileUrl
          }
          board {
            id
            name
            url
          }
          seoTitle
          seoDescription
          seoUrl
          seoNoindexReason
        }
        ... on Error {
          code
          message
          httpStatus
        }
      }
    }
  `,
  CloseupRelatedModulesFeedQuery: /* GraphQL */ `
    query CloseupRelatedModulesFeedQuery(
      $pinId: ID!
      $homefeedSourceSig: String
      $searchQuery: String
      $source: String
      $topLevelSource: String
      $topLevelSourceDepth: Int
      $first: Int = 12
      $after: String
    ) {
      closeupRelatedModules(
        pinId: $pinId
        homefeedSourceSig: $homefeedSourceSig
        searchQuery: $searchQuery
        source: $source
        topLevelSource: $topLevelSource
        topLevelSourceDepth: $topLevelSourceDepth
        first: $first
        after: $after
      ) {
        edges {
          cursor
          node {
            __typename
            ... on Pin {
              ...PinTile
              recommendationReason {
                reason
                reasonId
                board {
                  id
                  name
                  url
                }
              }
            }
          }
        }
        pageInfo {
          endCursor
          hasNextPage
        }
      }
    }
  `,
} satisfies Record<string, string>;

type OperationName = keyof typeof operations;

/** What each operation takes and answers: the route checks its variables and, in tests, its data. */
const contracts: { [N in OperationName]: GraphQLQueryContract & { name: N } } = {
  ViewerQuery,
  CloseupDetailQuery,
  CloseupPageQuery,
  CloseupRelatedModulesFeedQuery,
};

/** Each operation's whole document (with its fragments), by its contract. */
const documents = Object.values(contracts).map((contract) => ({ name: contract.name, source: withFragments(operations[contract.name]), contract }));

export type PersistedQuery = { name: string; hash: string; document: DocumentNode; contract: GraphQLQueryContract };

export function queryHash(source: string): string {
  return crypto.createHash('sha256').update(source).digest('hex');
}

/** Every persisted query's name, hash and contract: what the contract registry test walks. */
export function persistedQueryContracts(): { name: string; hash: string; contract: GraphQLQueryContract }[] {
  return documents.map(({ name, source, contract }) => ({ name, hash: queryHash(source), contract }));
}

/** Parses and validates every document at boot, so a broken query fails the start, not a user. */
export function loadPersistedQueries(schema: GraphQLSchema): Map<string, PersistedQuery> {
  const byHash = new Map<string, PersistedQuery>();
  for (const { name, source, contract } of documents) {
    const document = parse(source);
    const errors = validate(schema, document);
    if (errors.length > 0) throw new Error(`Persisted query ${name} is invalid: ${errors.map(String).join('; ')}`);
    byHash.set(queryHash(source), { name, hash: queryHash(source), document, contract });
  }
  return byHash;
}

/** Hashes by query name, for the client bundle and tests. */
export function persistedQueryHashes(): Record<string, string> {
  return Object.fromEntries(documents.map(({ name, source }) => [name, queryHash(source)]));
}
