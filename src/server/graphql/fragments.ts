import { Kind, parse, visit } from 'graphql';
import { STORY_PIN_FRAGMENT } from './story-pin-types.ts';

/*
 * Selections that several persisted queries ask for, each written once as a fragment. A
 * document names the fragments it spreads; `withFragments` appends their definitions, so the
 * text the client hashes is the whole, valid document.
 */

const IMAGE_SIZE = /* GraphQL */ `
  fragment ImageSize on Image {
    size
    url
    width
    height
    dominantColor
  }
`;

const USER_CARD = /* GraphQL */ `
  fragment UserCard on User {
    id
    username
    fullName
    imageSmallUrl
    profileUrl
  }
`;

const PIN_BOARD = /* GraphQL */ `
  fragment PinBoard on Board {
    id
    name
    url
    privacy
  }
`;

/** What the closeup's summary (CloseupPageQuery) and a grid tile both show of a pin. */
const PIN_SUMMARY = /* GraphQL */ `
  fragment PinSummary on Pin {
    id
    title
    gridTitle
    description
    isVideo
    dominantColor
    placeholder
  }
`;

/** A grid tile's pin (the client's `tilePin`): the related feed's pins and the base of the closeup detail. */
const PIN_TILE = /* GraphQL */ `
  fragment PinTile on Pin {
    ...PinSummary
    entityId
    altText
    link
    domain
    createdAt
    imageSignature
    images {
      ...ImageSize
    }
    repinCount
    pinner {
      ...UserCard
    }
    board {
      ...PinBoard
    }
    pinnedToBoard {
      ...PinBoard
    }
    savedInfo {
      boardId
      localPinId
      sectionId
      title
      type
      url
    }
  }
`;

const fragments = new Map([IMAGE_SIZE, USER_CARD, PIN_BOARD, PIN_SUMMARY, PIN_TILE, STORY_PIN_FRAGMENT].map((source) => [fragmentName(source), source]));

function fragmentName(source: string): string {
  const [definition] = parse(source).definitions;
  if (definition?.kind !== Kind.FRAGMENT_DEFINITION) throw new Error(`Not a fragment: ${source}`);
  return definition.name.value;
}

function spreadNames(source: string): string[] {
  const names: string[] = [];
  visit(parse(source), { FragmentSpread: (node) => void names.push(node.name.value) });
  return names;
}

/**
 * The operation followed by every fragment it spreads, directly or through another fragment,
 * each once and in the order first spread (so the text, and its hash, is stable). A name with
 * no fragment here is left for validation to report.
 */
export function withFragments(operation: string): string {
  const included: string[] = [];
  const include = (source: string): void => {
    for (const name of spreadNames(source)) {
      const fragment = fragments.get(name);
      if (fragment === undefined || included.includes(fragment)) continue;
      included.push(fragment);
      include(fragment);
    }
  };
  include(operation);
  return operation + included.join('');
}
