import sharp from 'sharp';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../src/server/db/schema/boards-and-pins.ts';
import type { Deps } from '../../src/server/deps.ts';
import { ingestImage } from '../../src/server/media/media.service.ts';
import { reactToPin } from '../../src/server/pins/reactions.service.ts';
import { createPin } from '../../src/server/pins/pins.service.ts';
import { ensureInterest } from '../../src/server/social/topics.ts';
import { CLOSEUP_GRAPH_QUERY_EXPERIMENT } from '../../src/shared/closeup-preload.ts';
import { LIKE } from '../../src/shared/reactions.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';

async function imagePin(deps: Deps, user: TestUser, board: Board, title: string, colour: string) {
  const png = await sharp({ create: { width: 480, height: 640, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const media = await ingestImage(deps, user.actor, png, { inline: true });
  return (await createPin(deps, user.actor, { board_id: board.id, media_id: media.id, title })).pin;
}

type World = { cook: TestUser; fan: TestUser; board: Board; tart: string; cake: string; pie: string };

/** A cook's dessert board of three pins, the Desserts topic, and a member who likes things. */
async function makeWorld(deps: Deps): Promise<World> {
  const cook = await makeUser(deps, 'Pastry');
  const fan = await makeUser(deps, 'Sweettooth');
  const board = await makeBoard(deps, cook, { name: 'Sunday desserts' });
  await ensureInterest(deps.db, 'Desserts', 'desserts');
  const tart = (await imagePin(deps, cook, board, 'Lemon tart', '#e1b12c')).id;
  const cake = (await imagePin(deps, cook, board, 'Carrot cake', '#d35400')).id;
  const pie = (await imagePin(deps, cook, board, 'Cherry pie', '#8e1b2a')).id;
  return { cook, fan, board, tart, cake, pie };
}

/** What the page asked the server for: the closeup's graph queries by name, PinResource reads by pin. */
function recordRequests(page: Page) {
  const seen: { graph: { name: string; pinId: string; url: string }[]; pinReads: string[] } = { graph: [], pinReads: [] };
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/_/graphql/') {
      const body = JSON.parse(request.postData() ?? '{}') as { variables?: { pinId?: string } };
      seen.graph.push({ name: request.headers()['x-graphql-query-name'] ?? '', pinId: body.variables?.pinId ?? '', url: page.url() });
    }
    if (url.pathname === '/resource/PinResource/get/') {
      const data = JSON.parse(url.searchParams.get('data') ?? '{}') as { options?: { id?: string } };
      seen.pinReads.push(data.options?.id ?? '');
    }
  });
  return seen;
}

const heart = (page: Page) => page.getByRole('button', { name: 'Like' });

describe.skipIf(!chromiumAvailable())('reactions and related interests on the closeup', () => {
  const suite = browserSuite();
  let world: World;
  const member = () => ({ browser: suite.browser, url: suite.url, deps: () => suite.server.server.deps });

  beforeAll(async () => {
    world = await makeWorld(suite.server.server.deps);
  }, 60_000);

  it('a member likes a pin: shown at once, kept after a reload, and liking again takes it back', async () => {
    const { page, problems, close } = await openMemberPage(member(), world.fan.id, `/pin/${world.tart}/`);
    expect(await heart(page).getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByText(/^Reactions: /).count()).toBe(0);
    const saved = page.waitForResponse((r) => r.url().includes('/resource/ReactionsResource/create/'));
    await heart(page).click();
    expect(await heart(page).getAttribute('aria-pressed')).toBe('true');
    await page.getByText('Reactions: 1').waitFor();
    expect((await saved).status()).toBe(200);
    await screenshot(page, 'closeup-reaction-liked');

    await page.reload();
    await page.waitForSelector(HYDRATED);
    expect(await heart(page).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByText('Reactions: 1').count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);

    const removed = page.waitForResponse((r) => r.url().includes('/resource/ReactionsResource/delete/'));
    await heart(page).click();
    expect((await removed).status()).toBe(200);
    await page.reload();
    await page.waitForSelector(HYDRATED);
    expect(await heart(page).getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByText(/^Reactions: /).count()).toBe(0);
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('a like the server refuses is taken back, with a message', async () => {
    const { page, problems, close } = await openMemberPage(member(), world.fan.id, `/pin/${world.cake}/`);
    await page.route('**/resource/ReactionsResource/create/', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          resource_response: {
            status: 'failure',
            code: 17,
            message: 'Service unavailable.',
            data: null,
            bookmark: null,
            error: { api_error_code: 17, code: 17, message: 'Service unavailable.', message_detail: null, http_status: 503 },
          },
        }),
      }),
    );
    await heart(page).click();
    await page.getByTestId('toasts').getByText('Service unavailable.').waitFor();
    expect(await heart(page).getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByText(/^Reactions: /).count()).toBe(0);
    expect(problems.messages.filter((m) => !m.includes('503'))).toEqual([]);
    await close();
  });

  it('a visitor sees the count and is asked to log in; related interests link to their topic pages, in the server’s HTML', async () => {
    const deps = suite.server.server.deps;
    await reactToPin(deps, (await makeUser(deps, 'earlyfan')).actor, { pinId: world.pie }, LIKE);
    const html = await (await fetch(`${suite.url}/pin/${world.pie}/`)).text();
    expect(html).toContain('Related interests');
    expect(html).toContain('href="/topics/desserts/"');
    expect(html).toContain('Reactions: 1');

    const { context, page, problems } = await suite.visit(`/pin/${world.pie}/`);
    const logIn = page.getByRole('link', { name: 'Log in to react' });
    expect(await logIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`/pin/${world.pie}/`)}`);
    const interests = page.getByRole('navigation', { name: 'Related interests' });
    await interests.scrollIntoViewIfNeeded();
    await screenshot(page, 'closeup-visitor-reactions-interests');
    expect(await accessibilityViolations(page)).toEqual([]);
    await interests.getByRole('link', { name: 'Desserts' }).click();
    await page.waitForURL(`${suite.url}/topics/desserts/`);
    await page.getByRole('heading', { level: 1, name: 'Desserts' }).waitFor();
    await page.locator(`a[href="/pin/${world.pie}/"]`).first().waitFor();
    await screenshot(page, 'topic-from-closeup');
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('without the graph-query experiment, pointing at a pin asks nothing and the pin opens through PinResource', async () => {
    const { page, problems, close } = await openMemberPage(member(), world.fan.id, `/${world.cook.username}/${world.board.slug}/`);
    const seen = recordRequests(page);
    const tile = page.locator(`a[href="/pin/${world.cake}/"][data-grid-focus]`);
    await tile.hover();
    await page.waitForTimeout(600);
    expect(seen.graph.filter((g) => g.name.startsWith('Closeup'))).toEqual([]);
    await tile.click();
    await page.getByRole('heading', { level: 1, name: 'Carrot cake' }).waitFor();
    expect(seen.pinReads).toContain(world.cake);
    expect(seen.graph.filter((g) => g.name === 'CloseupDetailQuery' || g.name === 'CloseupPageQuery')).toEqual([]);
    expect(problems.messages).toEqual([]);
    await close();
  });
});

describe.skipIf(!chromiumAvailable())('the closeup preloaded under the graph-query experiment', () => {
  const suite = browserSuite({ env: { EXPERIMENTS: `${CLOSEUP_GRAPH_QUERY_EXPERIMENT}=enabled` } });
  let world: World;
  const member = () => ({ browser: suite.browser, url: suite.url, deps: () => suite.server.server.deps });

  beforeAll(async () => {
    world = await makeWorld(suite.server.server.deps);
  }, 60_000);

  it('pointing at a pin starts its page and detail queries before any navigation, and the closeup opens from the cache', async () => {
    const boardUrl = `${suite.url}/${world.cook.username}/${world.board.slug}/`;
    const { page, problems, close } = await openMemberPage(member(), world.fan.id, `/${world.cook.username}/${world.board.slug}/`);
    const seen = recordRequests(page);
    const tile = page.locator(`a[href="/pin/${world.tart}/"][data-grid-focus]`);
    const detail = page.waitForResponse((r) => r.url().endsWith('/_/graphql/') && r.request().headers()['x-graphql-query-name'] === 'CloseupDetailQuery');
    await tile.hover();
    expect((await detail).status()).toBe(200);
    // Asked while the board was still the page: the preload ran ahead of the navigation.
    expect(seen.graph).toEqual(
      expect.arrayContaining([
        { name: 'CloseupPageQuery', pinId: world.tart, url: boardUrl },
        { name: 'CloseupDetailQuery', pinId: world.tart, url: boardUrl },
      ]),
    );
    expect(page.url()).toBe(boardUrl);

    await tile.click();
    await page.getByRole('heading', { level: 1, name: 'Lemon tart' }).waitFor();
    await page.getByRole('navigation', { name: 'Related interests' }).getByRole('link', { name: 'Desserts' }).waitFor();
    // Opened from the preloaded answer: no read of its own, no second query.
    expect(seen.pinReads).not.toContain(world.tart);
    expect(seen.graph.filter((g) => g.name === 'CloseupDetailQuery')).toHaveLength(1);
    await screenshot(page, 'closeup-preloaded');

    // The closeup built from the query behaves as any: a like shows, and a reload (server-rendered) keeps it.
    const saved = page.waitForResponse((r) => r.url().includes('/resource/ReactionsResource/create/'));
    await heart(page).click();
    await page.getByText('Reactions: 1').waitFor();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await page.waitForSelector(HYDRATED);
    expect(await heart(page).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByText('Reactions: 1').count()).toBe(1);
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('a pin reached by keyboard is asked for when its link takes focus; opened before the answer, the closeup waits for it', async () => {
    const boardUrl = `${suite.url}/${world.cook.username}/${world.board.slug}/`;
    const { page, problems, close } = await openMemberPage(member(), world.fan.id, `/${world.cook.username}/${world.board.slug}/`);
    const seen = recordRequests(page);
    // A slow server: the page opens while the query is still on its way.
    await page.route('**/_/graphql/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const tile = page.locator(`a[href="/pin/${world.pie}/"][data-grid-focus]`);
    const detail = page.waitForRequest((r) => r.url().endsWith('/_/graphql/') && r.headers()['x-graphql-query-name'] === 'CloseupDetailQuery');
    await tile.focus();
    await detail;
    expect(page.url()).toBe(boardUrl);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.url}/pin/${world.pie}/`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Cherry pie' }).waitFor();
    expect(seen.graph.find((g) => g.name === 'CloseupDetailQuery')).toEqual({ name: 'CloseupDetailQuery', pinId: world.pie, url: boardUrl });
    expect(seen.pinReads).not.toContain(world.pie);
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('a pin the query answers with an Error opens as not found, with no reaction shown and no read of its own', async () => {
    const { page, problems, close } = await openMemberPage(member(), world.fan.id, `/${world.cook.username}/${world.board.slug}/`);
    const seen = recordRequests(page);
    // A link to a pin that does not exist (or that the member may not see: the same answer).
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/pin/99999999999/';
      link.textContent = 'A vanished pin';
      document.querySelector('main')?.prepend(link);
    });
    await page.getByRole('link', { name: 'A vanished pin' }).click();
    await page.getByRole('heading', { level: 1, name: "We couldn't find that page" }).waitFor();
    expect(await heart(page).count()).toBe(0);
    expect(seen.graph.filter((g) => g.name === 'CloseupDetailQuery').map((g) => g.pinId)).toEqual(['99999999999']);
    expect(seen.pinReads).toEqual([]);
    expect(problems.messages).toEqual([]);
    await close();
  });
});
