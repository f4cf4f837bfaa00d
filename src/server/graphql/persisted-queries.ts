import crypto from 'node:crypto';
import { parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { STORY_PIN_SELECTION } from './story-pin-types.ts';

/**
 * The only documents the server executes. Clients send the SHA-256 of a document as
 * `queryHash`; an area adds its queries to `documents`.
 */
const documents: Record<string, string> = {
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
          id
          entityId
          title
          gridTitle
          description
          altText
          link
          domain
          createdAt
          isVideo
          isUnsafe
          isHidden
          commentsDisabled
          dominantColor
          placeholder
          imageSignature
          images {
            size
            url
            width
            height
            dominantColor
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
          repinCount
          pinner {
            id
            username
            fullName
            imageSmallUrl
            imageMediumUrl
            profileUrl
            followerCount
            explicitlyFollowedByMe
            blockedByMe
          }
          board {
            id
            name
            url
            privacy
          }
          pinnedToBoard {
            id
            name
            url
            privacy
          }
          savedInfo {
            boardId
            localPinId
            sectionId
            title
            type
            url
          }
          attribution {
            authorName
            authorUrl
            ccUrl
            providerName
            url
          }
          richMetadata
${STORY_PIN_SELECTION}
          reactionCountsData {
            reactionType
            reactionCount
          }
          reactionByMe
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
          id
          title
          gridTitle
          description
          isVideo
          dominantColor
          placeholder
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
              ...RelatedPin
            }
          }
        }
        pageInfo {
          endCursor
          hasNextPage
        }
      }
    }

    fragment RelatedPin on Pin {
      id
      entityId
      title
      gridTitle
      description
      altText
      link
      domain
      createdAt
      isVideo
      dominantColor
      placeholder
      imageSignature
      images {
        size
        url
        width
        height
        dominantColor
      }
      repinCount
      pinner {
        id
        username
        fullName
        imageSmallUrl
        profileUrl
      }
      board {
        id
        name
        url
        privacy
      }
      pinnedToBoard {
        id
        name
        url
        privacy
      }
      savedInfo {
        boardId
        localPinId
        sectionId
        title
        type
        url
      }
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
  `,
};

export type PersistedQuery = { name: string; hash: string; document: DocumentNode };

export function queryHash(source: string): string {
  return crypto.createHash('sha256').update(source).digest('hex');
}

/** Parses and validates every document at boot, so a broken query fails the start, not a user. */
export function loadPersistedQueries(schema: GraphQLSchema): Map<string, PersistedQuery> {
  const byHash = new Map<string, PersistedQuery>();
  for (const [name, source] of Object.entries(documents)) {
    const document = parse(source);
    const errors = validate(schema, document);
    if (errors.length > 0) throw new Error(`Persisted query ${name} is invalid: ${errors.map(String).join('; ')}`);
    byHash.set(queryHash(source), { name, hash: queryHash(source), document });
  }
  return byHash;
}

/** Hashes by query name, for the client bundle and tests. */
export function persistedQueryHashes(): Record<string, string> {
  return Object.fromEntries(Object.entries(documents).map(([name, source]) => [name, queryHash(source)]));
}
