import { Kind, parse, validate, type DefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { withFragments } from '../../../src/server/graphql/fragments.ts';
import { loadPersistedQueries } from '../../../src/server/graphql/persisted-queries.ts';
import { buildSchema } from '../../../src/server/graphql/schema.ts';

const fragmentNames = (source: string) => parse(source).definitions.flatMap((d: DefinitionNode) => (d.kind === Kind.FRAGMENT_DEFINITION ? [d.name.value] : []));

/** A persisted document is its operation plus the fragments it spreads, each defined once. */
describe('persisted query fragments', () => {
  const schema = buildSchema();

  it('appends every fragment spread, directly or through another, once, in the order first spread', () => {
    const document = withFragments('query Q($pinId: ID!) { closeupDetail(pinId: $pinId) { ... on Pin { ...PinTile ...StoryPin } } }');
    // ImageSize is spread by both PinTile and StoryPin: defined once.
    expect(fragmentNames(document)).toEqual(['PinTile', 'PinSummary', 'ImageSize', 'UserCard', 'PinBoard', 'StoryPin']);
    expect(validate(schema, parse(document))).toEqual([]);
  });

  it('leaves an operation without spreads as it is, so its hash does not change', () => {
    const operation = 'query ViewerQuery { viewer { id } }';
    expect(withFragments(operation)).toBe(operation);
  });

  it('adds no fragment the operation does not use, which validation would refuse', () => {
    const document = withFragments('query Q($pinId: ID!) { closeupPage(pinId: $pinId) { ... on Pin { ...PinSummary } } }');
    expect(fragmentNames(document)).toEqual(['PinSummary']);
    expect(validate(schema, parse(document))).toEqual([]);
  });

  it('leaves an unknown fragment for the boot-time validation to report', () => {
    const document = withFragments('query Q($pinId: ID!) { closeupPage(pinId: $pinId) { ... on Pin { ...NoSuchFragment } } }');
    expect(validate(schema, parse(document)).map(String).join()).toContain('Unknown fragment "NoSuchFragment"');
  });

  it('the server’s documents all validate against the schema', () => {
    const names = [...loadPersistedQueries(schema).values()].map((q) => q.name).sort();
    expect(names).toEqual(['CloseupDetailQuery', 'CloseupPageQuery', 'CloseupRelatedModulesFeedQuery', 'ViewerQuery']);
  });
});
