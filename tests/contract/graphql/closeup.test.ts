import { describe, expect, it } from 'vitest';
import { persistedQueryHashes } from '../../../src/server/graphql/persisted-queries.ts';
import { editPin, setPinHidden } from '../../../src/server/pins/pins.service.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { QUERY_HASHES } from '../../../src/web/api/graphql.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, withCountedTestApp } from '../../support/factories.ts';

type Answer = { data?: Record<string, (Record<string, unknown> & { __typename: string }) | null>; errors?: { message: string }[] };

const HASHES = persistedQueryHashes();

it('the client posts the hashes of the server’s closeup queries', () => {
  expect(QUERY_HASHES.CloseupDetailQuery).toBe(HASHES['CloseupDetailQuery']);
  expect(QUERY_HASHES.CloseupPageQuery).toBe(HASHES['CloseupPageQuery']);
});

/** CloseupDetailQuery and CloseupPageQuery: the pin as its reader may see it, or an Error. */
describe.each(databaseKinds)('the closeup queries on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app), 'at the end');

  async function ask(client: TestClient, name: 'CloseupDetailQuery' | 'CloseupPageQuery', variables: Record<string, unknown>) {
    const response = await client.request({ method: 'POST', url: '/_/graphql/', payload: { queryHash: HASHES[name], variables } });
    expect(response.statusCode, response.body).toBeLessThan(500);
    return { status: response.statusCode, body: response.json<Answer>() };
  }

  async function resultOf(client: TestClient, name: 'CloseupDetailQuery' | 'CloseupPageQuery', pinId: unknown) {
    const { status, body } = await ask(client, name, { pinId, isAuth: false, isDesktop: true });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const result = body.data?.[name === 'CloseupDetailQuery' ? 'closeupDetail' : 'closeupPage'];
    if (!result) throw new Error('no result');
    return result;
  }

  it('answers the closeup detail of a pin with a product: images, board, pinner, rich metadata and the search-engine data', async () => {
    const owner = await makeUser(t.deps, 'lampmaker');
    const board = await makeBoard(t.deps, owner, { name: 'Lamps' });
    const { pin } = await makePin(t.deps, owner, board, { title: 'Brass lamp', link: 'https://shop.example/lamp' });
    await editPin(t.deps, owner.actor, pin.id, { description: 'A warm light for reading.' });
    const product = { name: 'Brass lamp', brand: 'Lumen', price: '120.00', currency: 'EUR', availability: 'InStock' };
    await t.deps.db
      .insertInto('pin_sources')
      .values({
        pin_id: pin.id,
        source_url: 'https://shop.example/lamp',
        canonical_url: 'https://shop.example/lamp',
        image_url: 'https://shop.example/lamp.jpg',
        provider_name: 'shop.example',
        author_name: 'Lumen studio',
        author_url: null,
        license_url: null,
        embed: null,
        rich_metadata: JSON.stringify({ product, recipe: null, article: null }),
        fetched_at: Date.now(),
      })
      .execute();
    const origin = t.deps.config.publicUrl.origin;
    const detail = await resultOf(await visitorClient(t), 'CloseupDetailQuery', pin.id);
    expect(detail).toMatchObject({
      __typename: 'Pin',
      id: pin.id,
      entityId: pin.id,
      title: 'Brass lamp',
      description: 'A warm light for reading.',
      link: 'https://shop.example/lamp',
      isVideo: false,
      isUnsafe: false,
      isHidden: false,
      commentsDisabled: false,
      videos: null,
      pinner: { username: owner.username, profileUrl: `/${owner.username}/` },
      board: { id: board.id, name: 'Lamps', url: `/${owner.username}/${board.slug}/`, privacy: 'public' },
      attribution: { authorName: 'Lumen studio', providerName: 'shop.example', url: 'https://shop.example/lamp' },
      richMetadata: { product },
      seoTitle: 'Brass lamp',
      seoDescription: 'A warm light for reading.',
      seoUrl: `/pin/${pin.id}/`,
      seoNoindexReason: null,
      pinJoin: {
        seoCanonicalUrl: `${origin}/pin/${pin.id}/`,
        seoBreadcrumbs: [
          { name: owner.username, url: `${origin}/${owner.username}/` },
          { name: 'Lamps', url: `${origin}/${owner.username}/${board.slug}/` },
        ],
      },
    });
    const sizes = (detail['images'] as { size: string }[]).map((i) => i.size);
    expect(sizes).toEqual(expect.arrayContaining(['236x', '736x', 'orig', '600x315', '60x60']));

    const page = await resultOf(await visitorClient(t), 'CloseupPageQuery', pin.id);
    expect(page).toMatchObject({ __typename: 'Pin', id: pin.id, title: 'Brass lamp', seoUrl: `/pin/${pin.id}/`, board: { name: 'Lamps' } });
    // The page query is the summary: none of the detail's heavier fields.
    expect(Object.keys(page)).not.toContain('richMetadata');
  });

  it('answers an Error, never the pin, for a secret pin, a blocked creator, a missing or malformed id', async () => {
    const owner = await makeUser(t.deps, 'secretkeeper');
    const stranger = await makeUser(t.deps, 'closeupstranger');
    const secret = (await makePin(t.deps, owner, await makeBoard(t.deps, owner, { name: 'Plans', privacy: 'secret' }), { title: 'Surprise party' })).pin;
    const open = (await makePin(t.deps, owner, await makeBoard(t.deps, owner, { name: 'Open' }), { title: 'Picnic' })).pin;
    await blockUser(t.deps, owner.actor, stranger.id);
    const strangerClient = await signIn(t, stranger);
    for (const name of ['CloseupDetailQuery', 'CloseupPageQuery'] as const) {
      expect(await resultOf(await visitorClient(t), name, secret.id)).toEqual({
        __typename: 'Error',
        code: 'not_found',
        message: 'Not found.',
        httpStatus: 404,
      });
      expect(await resultOf(strangerClient, name, open.id)).toMatchObject({ __typename: 'Error', httpStatus: 404 });
      expect(await resultOf(await visitorClient(t), name, '99999999')).toMatchObject({ __typename: 'Error', code: 'not_found' });
      expect(await resultOf(await visitorClient(t), name, 'abc')).toMatchObject({ __typename: 'Error', code: 'bad_request', httpStatus: 400 });
    }
    // Its owner sees the secret pin, marked not to be indexed.
    expect(await resultOf(await signIn(t, owner), 'CloseupDetailQuery', secret.id)).toMatchObject({
      __typename: 'Pin',
      id: secret.id,
      seoNoindexReason: 'secret',
    });
  });

  it('tells a member that they hid a pin', async () => {
    const owner = await makeUser(t.deps, 'hiddenowner');
    const reader = await makeUser(t.deps, 'hider');
    const { pin } = await makePin(t.deps, owner, await makeBoard(t.deps, owner), { title: 'Not for me' });
    await setPinHidden(t.deps, reader.actor, pin.id, true);
    expect(await resultOf(await signIn(t, reader), 'CloseupDetailQuery', pin.id)).toMatchObject({ __typename: 'Pin', isHidden: true });
  });

  it('refuses variables of the wrong type with a GraphQL error, not a 5xx', async () => {
    const client = await visitorClient(t);
    for (const variables of [{}, { pinId: null }, { pinId: { id: 1 } }, { pinId: '1', isAuth: 'yes' }, { pinId: ['1'] }]) {
      const { status, body } = await ask(client, 'CloseupDetailQuery', variables);
      expect(status).toBeLessThan(500);
      expect(body.errors?.length ?? 0, JSON.stringify(variables)).toBeGreaterThan(0);
    }
  });
});
