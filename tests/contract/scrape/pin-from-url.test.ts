import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { counterDrift, makeBoard, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { failed, ok } from '../boards/helpers.ts';
import { filesUnder, settled } from '../media/harness.ts';
import { bytes, cutOff, html, photoJpeg, startFixtureServer, type FixtureServer } from '../outbound/fixture-server.ts';

type FoundPage = {
  url: string;
  canonical_url: string;
  domain: string | null;
  title: string;
  description: string;
  site_name: string | null;
  items: { url: string; width: number | null; height: number | null; alt: string }[];
  recipe: { name: string; ingredients: string[]; total_time: string } | null;
  product: unknown;
  attribution: { author_name: string | null; author_url: string | null; provider_name: string | null; url: string; cc_url: string | null };
};

type PinJson = {
  id: string;
  title: string;
  description: string;
  alt_text: string;
  link: string | null;
  domain: string | null;
  media_id: string;
  media_status: string;
  attribution: FoundPage['attribution'] | null;
};

const RECIPE_PAGE = `<!doctype html><html><head>
  <title>Tomato soup - Kitchen</title>
  <meta property="og:title" content="Tomato soup">
  <meta property="og:description" content="Ready in 30 minutes.">
  <meta property="og:site_name" content="The Kitchen">
  <meta property="og:image" content="/img/soup.jpg"><meta property="og:image:alt" content="A red soup">
  <link rel="canonical" href="https://kitchen.example/recipes/tomato-soup">
  <link rel="license" href="https://creativecommons.org/licenses/by/4.0/">
  <script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: 'Tomato soup',
    totalTime: 'PT30M',
    recipeIngredient: ['4 tomatoes', '1 onion'],
    author: { '@type': 'Person', name: 'Ada Cook', url: 'https://kitchen.example/ada' },
  })}</script>
</head><body><img src="/img/other.jpg" width="300" height="200" alt="Other"></body></html>`;

/** Pins from a web page, end to end through the resource protocol, against a fixture site on 127.0.0.1. */
describe.each(databaseKinds)('pins from a web page on %s', (kind) => {
  let t: TestApp;
  let site: FixtureServer;
  let me: TestUser;
  let browser: TestClient;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { OUTBOUND_ALLOW_PRIVATE: '1' } });
    const jpeg = await photoJpeg();
    site = await startFixtureServer({
      '/recipes/soup': html(RECIPE_PAGE),
      '/img/soup.jpg': bytes(jpeg, 'image/jpeg'),
      '/img/broken.jpg': cutOff(jpeg, 'image/jpeg', Math.floor(jpeg.length / 2)),
      '/img/page.jpg': html('<p>not an image</p>'),
    });
    me = await makeUser(t.deps, 'cook');
    browser = await signIn(t, me);
  });
  afterAll(async () => {
    expect(await counterDrift(t.deps)).toEqual([]);
    await site.close();
    await t.close();
  });

  /**
   * Media still processing writes files in the background, and its job removes its scratch copy
   * and the upload after committing `ready`: a footprint is taken once all of that is done.
   */
  async function busy(): Promise<boolean> {
    if (await t.deps.db.selectFrom('media').select('id').where('status', '=', 'processing').executeTakeFirst()) return true;
    const uploads = filesUnder(path.join(t.config.dataDir, 'media')).filter((file) => file.startsWith(`upload${path.sep}`));
    return uploads.length > 0 || filesUnder(path.join(t.config.dataDir, 'tmp', 'uploads')).length > 0;
  }

  async function quiet() {
    const deadline = Date.now() + 30_000;
    while (await busy()) {
      if (Date.now() > deadline) throw new Error('media still processing after 30 s');
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  }

  /** What a failed call must not leave behind: rows, scratch files, stored blobs. */
  async function footprint() {
    await quiet();
    const count = async (table: 'pins' | 'media' | 'pin_sources' | 'board_pins') =>
      (
        await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    return {
      pins: await count('pins'),
      media: await count('media'),
      sources: await count('pin_sources'),
      saves: await count('board_pins'),
      scratch: filesUnder(path.join(t.config.dataDir, 'tmp', 'uploads')),
      blobs: filesUnder(path.join(t.config.dataDir, 'media')).length,
    };
  }

  it('FindPinImagesResource reads the page: images, title, description, canonical link, domain, schema.org data, attribution', async () => {
    const page = ok<FoundPage>(await browser.getResource('FindPinImagesResource', { url: site.url('/recipes/soup'), source: 'pin_create' }));
    expect(page).toMatchObject({
      url: site.url('/recipes/soup'),
      canonical_url: 'https://kitchen.example/recipes/tomato-soup',
      domain: 'kitchen.example',
      title: 'Tomato soup',
      description: 'Ready in 30 minutes.',
      site_name: 'The Kitchen',
      recipe: { name: 'Tomato soup', total_time: 'PT30M', ingredients: ['4 tomatoes', '1 onion'] },
      product: null,
      attribution: {
        author_name: 'Ada Cook',
        author_url: 'https://kitchen.example/ada',
        provider_name: 'The Kitchen',
        url: 'https://kitchen.example/recipes/tomato-soup',
        cc_url: 'https://creativecommons.org/licenses/by/4.0/',
      },
    });
    expect(page.items).toEqual([
      { url: site.url('/img/soup.jpg'), width: null, height: null, alt: 'A red soup' },
      { url: site.url('/img/other.jpg'), width: 300, height: 200, alt: 'Other' },
    ]);
  });

  it('PinResource create with image_url and source_url makes the pin with the canonical link and keeps the attribution', async () => {
    const board = await makeBoard(t.deps, me);
    const pin = ok<PinJson>(
      await browser.resource('PinResource', 'create', { board_id: board.id, image_url: site.url('/img/soup.jpg'), source_url: site.url('/recipes/soup') }),
    );
    expect(pin).toMatchObject({
      title: 'Tomato soup',
      description: 'Ready in 30 minutes.',
      alt_text: 'A red soup',
      link: 'https://kitchen.example/recipes/tomato-soup',
      domain: 'kitchen.example',
      attribution: {
        author_name: 'Ada Cook',
        provider_name: 'The Kitchen',
        url: 'https://kitchen.example/recipes/tomato-soup',
        cc_url: 'https://creativecommons.org/licenses/by/4.0/',
        embed: null,
      },
    });
    const media = await settled(browser, pin.media_id);
    expect(media).toMatchObject({ status: 'ready', width: 320, height: 480 });
    const again = ok<PinJson & { images: Record<string, { width: number }> }>(await browser.getResource('PinResource', { id: pin.id }));
    expect(again.images['236x']).toMatchObject({ width: 236 });
    expect(again.attribution?.author_url).toBe('https://kitchen.example/ada');
    const source = await t.deps.db.selectFrom('pin_sources').selectAll().where('pin_id', '=', pin.id).executeTakeFirstOrThrow();
    expect(source).toMatchObject({
      source_url: site.url('/recipes/soup'),
      image_url: site.url('/img/soup.jpg'),
      canonical_url: 'https://kitchen.example/recipes/tomato-soup',
    });
    expect(JSON.parse(source.rich_metadata ?? 'null')).toMatchObject({ recipe: { name: 'Tomato soup' }, product: null });
  });

  it('the member’s own title, description and link win over the page’s; an empty link means none', async () => {
    const board = await makeBoard(t.deps, me);
    const pin = ok<PinJson>(
      await browser.resource('PinResource', 'create', {
        board_id: board.id,
        image_url: site.url('/img/soup.jpg'),
        source_url: site.url('/recipes/soup'),
        title: 'My soup',
        description: 'Mine',
        link: '',
      }),
    );
    expect(pin).toMatchObject({ title: 'My soup', description: 'Mine', link: null, domain: null, attribution: { provider_name: 'The Kitchen' } });
  });

  it.each([
    [{ url: 'not a url' }, /url: Please enter a valid URL/],
    [{ url: 'javascript:alert(1)' }, /url: Please enter a valid URL/],
    [{ url: 'file:///etc/passwd' }, /url: Please enter a valid URL/],
    [{}, /url: Required/],
    [{ url: 'http://169.254.169.254/latest/meta-data/' }, /not on the public internet/],
    [{ url: 'http://[fe80::1]/' }, /not on the public internet/],
  ])('FindPinImagesResource refuses %j with a clear 400', async (options, message) => {
    const response = await browser.getResource('FindPinImagesResource', options);
    failed(response, 400);
    expect(response.json<{ resource_response: { error: { message: string } } }>().resource_response.error.message).toMatch(message);
  });

  it('needs a signed-in member', async () => {
    failed(await (await visitorClient(t)).getResource('FindPinImagesResource', { url: site.url('/recipes/soup') }), 401);
  });

  it.each([
    [{ image_url: 'javascript:alert(1)', source_url: '/recipes/soup' }, /image_url: Please enter a valid URL/],
    [{ image_url: '/img/soup.jpg', source_url: 'file:///etc/passwd' }, /source_url: Please enter a valid URL/],
    [{ image_url: '/img/soup.jpg' }, /source_url: Required/],
    [{ image_url: 'http://169.254.169.254/latest/meta-data/', source_url: '/recipes/soup' }, /not on the public internet/],
    [{ image_url: '/img/soup.jpg', source_url: 'http://10.255.255.1:1/' }, /not on the public internet|Port 1/],
    [{ image_url: '/img/page.jpg', source_url: '/recipes/soup' }, /not of a type we can read/],
    [{ image_url: '/img/missing.jpg', source_url: '/recipes/soup' }, /status 404/],
    [{ image_url: '/img/broken.jpg', source_url: '/recipes/soup' }, /broke off/],
  ])('PinResource create refuses %j with a 400 and leaves nothing behind', async (fields: { image_url: string; source_url?: string }, message) => {
    const board = await makeBoard(t.deps, me);
    const absolute = (value: string | undefined) => (value?.startsWith('/') ? site.url(value) : value);
    const before = await footprint();
    const response = await browser.resource('PinResource', 'create', {
      board_id: board.id,
      image_url: absolute(fields.image_url),
      source_url: absolute(fields.source_url),
    });
    failed(response, 400);
    expect(response.json<{ resource_response: { error: { message: string } } }>().resource_response.error.message).toMatch(message);
    expect(await footprint()).toEqual(before);
  });

  it('checks the board before fetching anything: another member’s boards refuse and the site is not visited', async () => {
    const other = await makeUser(t.deps);
    const hits = site.hits.length;
    const create = (boardId: string) =>
      browser.resource('PinResource', 'create', { board_id: boardId, image_url: site.url('/img/soup.jpg'), source_url: site.url('/recipes/soup') });
    failed(await create((await makeBoard(t.deps, other, { privacy: 'secret' })).id), 404);
    failed(await create((await makeBoard(t.deps, other)).id), 403);
    expect(site.hits.length).toBe(hits);
  });
});

/** The default policy through the same calls: the fixture site on 127.0.0.1 is out of reach. */
describe.each(databaseKinds)('pins from a web page under the default address policy on %s', (kind) => {
  let t: TestApp;
  let site: FixtureServer;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    site = await startFixtureServer({ '/page': html(RECIPE_PAGE), '/img/soup.jpg': bytes(await photoJpeg(), 'image/jpeg') });
  });
  afterAll(async () => {
    await site.close();
    await t.close();
  });

  it('refuses loopback and private pages and images with a 400, writes nothing and never connects', async () => {
    const me = await makeUser(t.deps);
    const browser = await signIn(t, me);
    const board = await makeBoard(t.deps, me);
    for (const url of [site.url('/page'), `http://localhost:${site.port}/page`, `http://[::1]:${site.port}/page`, 'http://192.168.0.1/', 'http://10.0.0.1/']) {
      failed(await browser.getResource('FindPinImagesResource', { url }), 400);
    }
    failed(await browser.resource('PinResource', 'create', { board_id: board.id, image_url: site.url('/img/soup.jpg'), source_url: site.url('/page') }), 400);
    expect(site.hits).toEqual([]);
    const pins = await t.deps.db.selectFrom('pins').select('id').execute();
    const media = await t.deps.db.selectFrom('media').select('id').execute();
    expect([pins, media]).toEqual([[], []]);
  });
});
