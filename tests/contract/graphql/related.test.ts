import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../../../src/server/access/actor.ts';
import { persistedQueryHashes } from '../../../src/server/graphql/persisted-queries.ts';
import { RELATED_PAGE_SIZE, relatedPins } from '../../../src/server/recs/related.service.ts';
import { QUERY_HASHES } from '../../../src/web/api/graphql.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, withCountedTestApp } from '../../support/factories.ts';
import { freshRecommender, makeThemedWorld, type ThemedWorld } from '../recs/world.ts';

type Edge = { cursor: string; node: { __typename: string; id: string } & Record<string, unknown> };
type Feed = { edges: Edge[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };
type Answer = {
  data?: { closeupRelatedModules: Feed | null };
  errors?: { message: string; path?: string[]; extensions: { code: number; http_status: number } }[];
};

const QUERY = persistedQueryHashes()['CloseupRelatedModulesFeedQuery'] ?? '';

it('the client posts the hash of the server’s CloseupRelatedModulesFeedQuery', () => {
  expect(QUERY).toMatch(/^[0-9a-f]{64}$/);
  expect(QUERY_HASHES.CloseupRelatedModulesFeedQuery).toBe(QUERY);
});

describe.each(databaseKinds)('CloseupRelatedModulesFeedQuery on %s', (kind) => {
  let t: TestApp;
  let world: ThemedWorld;
  let reader: TestClient;
  let stop: () => Promise<void> = () => Promise.resolve();
  withCountedTestApp(kind, (app) => (t = app), 'at the end');

  beforeAll(async () => {
    world = await makeThemedWorld(t.deps);
    ({ stop } = await freshRecommender(t.deps));
    reader = await visitorClient(t);
  }, 120_000);
  afterAll(() => stop());

  /** Runs the query; every answer, whatever it says, is below 500. */
  async function related(client: TestClient, variables: Record<string, unknown>): Promise<{ status: number; body: Answer }> {
    const response = await client.request({ method: 'POST', url: '/_/graphql/', payload: { queryHash: QUERY, variables } });
    expect(response.statusCode).toBeLessThan(500);
    return { status: response.statusCode, body: response.json<Answer>() };
  }

  async function feedOf(variables: Record<string, unknown>): Promise<Feed> {
    const { status, body } = await related(reader, variables);
    expect(body.errors).toBeUndefined();
    expect(status).toBe(200);
    const feed = body.data?.closeupRelatedModules;
    if (!feed) throw new Error('no related modules');
    return feed;
  }

  const idsOf = (feed: Feed) => feed.edges.map((e) => e.node.id);

  it('answers edges of pins with cursors and pageInfo, twelve a page, in the related service’s order', async () => {
    const query = world.pins[5]?.pin.id ?? '';
    const feed = await feedOf({
      pinId: query,
      source: 'closeup',
      homefeedSourceSig: 'sig',
      searchQuery: 'tart',
      topLevelSource: 'search',
      topLevelSourceDepth: 2,
    });
    expect(feed.edges).toHaveLength(RELATED_PAGE_SIZE);
    expect(feed.pageInfo).toEqual({ endCursor: expect.any(String) as string, hasNextPage: true });
    expect(idsOf(feed)).toEqual((await relatedPins(t.deps, visitor, query)).items.map((i) => i.pin.id));
    const [first] = feed.edges;
    if (!first) throw new Error('no edge');
    expect(first.cursor).toEqual(expect.any(String));
    expect(first.node).toMatchObject({
      __typename: 'Pin',
      id: expect.any(String) as string,
      entityId: first.node.id,
      title: expect.any(String) as string,
      gridTitle: expect.any(String) as string,
      description: expect.any(String) as string,
      altText: expect.any(String) as string,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      isVideo: false,
      repinCount: expect.any(Number) as number,
      images: expect.arrayContaining([
        {
          size: '236x',
          url: expect.any(String) as string,
          width: expect.any(Number) as number,
          height: expect.any(Number) as number,
          dominantColor: expect.any(String) as string,
        },
      ]) as unknown[],
      pinner: {
        id: expect.any(String) as string,
        username: expect.any(String) as string,
        fullName: expect.any(String) as string,
        imageSmallUrl: null,
        profileUrl: expect.stringMatching(/^\/\w+\/$/) as string,
      },
      board: { id: expect.any(String) as string, name: expect.any(String) as string, url: expect.any(String) as string, privacy: 'public' },
      pinnedToBoard: null,
      savedInfo: null,
      recommendationReason: {
        reason: expect.stringMatching(/^(saved_to_board|saved_together|visually_similar|similar_text)$/) as string,
        reasonId: expect.any(String) as string,
      },
    });
    const byBoard = feed.edges
      .map((e) => e.node['recommendationReason'] as { reason: string; board: { url: string } | null })
      .find((r) => r.reason === 'saved_to_board');
    expect(byBoard?.board?.url).toMatch(/^\/\w+\/[\w-]+\/$/);
  });

  it('pages through endCursor without repeating a pin, to hasNextPage false', async () => {
    const query = world.pins[10]?.pin.id ?? '';
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (let more = true; more && pages < 30; pages++) {
      const feed: Feed = await feedOf({ pinId: query, ...(after ? { after } : {}) });
      expect(feed.edges.length).toBeLessThanOrEqual(RELATED_PAGE_SIZE);
      seen.push(...idsOf(feed));
      ({ endCursor: after, hasNextPage: more } = feed.pageInfo);
    }
    expect(pages).toBeGreaterThan(2);
    expect(seen.length).toBeGreaterThan(2 * RELATED_PAGE_SIZE);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(query);
  });

  it('goes on after any edge’s cursor: a page cut short by `first` continues where it stopped', async () => {
    const query = world.pins[20]?.pin.id ?? '';
    const one = await feedOf({ pinId: query });
    const two = await feedOf({ pinId: query, after: one.pageInfo.endCursor });
    const short = await feedOf({ pinId: query, first: 5 });
    expect(idsOf(short)).toEqual(idsOf(one).slice(0, 5));
    expect(short.pageInfo).toEqual({ endCursor: short.edges[4]?.cursor, hasNextPage: true });
    const rest = await feedOf({ pinId: query, after: short.pageInfo.endCursor });
    expect(idsOf(rest)).toEqual([...idsOf(one), ...idsOf(two)].slice(5, 5 + RELATED_PAGE_SIZE));
    const fromEdge = await feedOf({ pinId: query, after: one.edges[7]?.cursor });
    expect(idsOf(fromEdge)).toEqual([...idsOf(one), ...idsOf(two)].slice(8, 8 + RELATED_PAGE_SIZE));
  });

  it('answers the not-found error for a pin the reader may not see, and nothing of the pin', async () => {
    const owner = await makeUser(t.deps, 'secretive');
    const { pin } = await makePin(t.deps, owner, await makeBoard(t.deps, owner, { privacy: 'secret' }), { title: 'Surprise party plans' });
    const notFound = {
      data: { closeupRelatedModules: null },
      errors: [{ message: 'Not found.', path: ['closeupRelatedModules'], extensions: { code: 5, http_status: 404 } }],
    };
    for (const client of [reader, await signIn(t, await makeUser(t.deps, 'stranger'))]) {
      const { status, body } = await related(client, { pinId: pin.id });
      expect(status).toBe(200);
      expect(body).toEqual(notFound);
    }
    expect((await related(reader, { pinId: '999999' })).body).toEqual(notFound);
    const asOwner = await related(await signIn(t, owner), { pinId: pin.id });
    expect(asOwner.body.errors).toBeUndefined();
    expect(asOwner.body.data?.closeupRelatedModules?.pageInfo).toBeDefined();
  });

  it('answers a clear error for variables that do not fit', async () => {
    const pinId = world.pins[0]?.pin.id ?? '';
    const missing = await related(reader, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      errors: [{ message: 'Variable "$pinId" of required type "ID!" was not provided.', extensions: { code: 1, http_status: 400 } }],
    });
    const wrongType = await related(reader, { pinId, first: 'twelve' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors?.[0]?.message).toContain('$first');
    const fieldError = async (variables: Record<string, unknown>) => {
      const { status, body } = await related(reader, variables);
      expect(status).toBe(200);
      expect(body.data).toEqual({ closeupRelatedModules: null });
      expect(body.errors?.[0]?.extensions).toEqual({ code: 1, http_status: 400 });
      return body.errors?.[0]?.message;
    };
    expect(await fieldError({ pinId: 'abc' })).toBe('pinId: This is not a pin id.');
    expect(await fieldError({ pinId: '1'.repeat(21) })).toBe('pinId: This is not a pin id.');
    expect(await fieldError({ pinId, first: 13 })).toBe('first: The related feed gives at most 12 a page.');
    expect(await fieldError({ pinId, first: 0 })).toBe('first: Ask for one module or more.');
    expect(await fieldError({ pinId, after: 'not-a-cursor' })).toBe('bookmark: This bookmark is not one of ours.');
    expect(await fieldError({ pinId, after: 'x'.repeat(600) })).toMatch(/^after: /);
  });
});
