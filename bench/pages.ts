import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import type { Actor } from '../src/server/access/actor.ts';
import { createBoard } from '../src/server/boards/boards.service.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Deps } from '../src/server/deps.ts';
import { ingestImage } from '../src/server/media/media.service.ts';
import { createPin } from '../src/server/pins/pins.service.ts';
import { followUser } from '../src/server/social/follows.service.ts';
import { createServer } from '../src/server/server.ts';
import { launchBrowser, VIEWPORTS } from '../tests/support/browser.ts';
import { memberActor } from '../tests/support/factories.ts';
import { createHttpClient } from '../tests/support/http-client.ts';
import { ensureClientBuild } from '../tests/support/server.ts';

/**
 * The page figures of issue 4, measured in headless Chromium against the real pages of a server
 * in this process (asserts nothing):
 * - DOM nodes of a board page with 10,000 pins loaded, against the same page with 100 loaded;
 * - the member's home page LCP against a static HTML file with the same first pictures, both
 *   loaded cold (a new browser context each time), home and static in turn, median of 11 loads
 *   (five gave ratios from 1.26 to 2.2 on one machine). The member comes back: each load
 *   follows an earlier visit whose next list (home-next.ts) has been built;
 * - the home page's cumulative layout shift while it loads and is scrolled.
 * Run alone with `node bench/pages.ts`, or call pagesBenchmark() from the bench runner.
 */
export async function pagesBenchmark(): Promise<string[]> {
  ensureClientBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-bench-pages-'));
  // Media URLs are absolute: the server must know the address it is reached at before it starts.
  const port = await freePort();
  const server = await createServer(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'off', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${String(port)}` }),
  );
  const statics = new Map<string, string>();
  server.app.get('/bench/static/:name', (request, reply) =>
    reply.type('text/html; charset=utf-8').send(statics.get((request.params as { name: string }).name) ?? ''),
  );
  const url = await server.app.listen({ port, host: '127.0.0.1' });
  const browser = await launchBrowser();
  try {
    const world = await makeWorld(server.deps, url);
    const dom = await domNodes(browser.newContext.bind(browser), `${url}${world.boardPath}`);
    const home = await homeFigures(
      () => browser.newContext({ viewport: VIEWPORTS.desktop }),
      url,
      world.cookies,
      statics,
      () => server.deps.replicas.nextLists.settle(),
    );
    return [
      `DOM nodes, board page with 10,000 pins loaded vs 100 loaded: ${String(dom.many)} vs ${String(dom.few)} = ratio ${(dom.many / dom.few).toFixed(2)} (target <= 1.2)`,
      `Home page LCP (member coming back, cold browser) vs a static HTML file with the same first pictures: ${home.lcp.toFixed(0)} ms vs ${home.staticLcp.toFixed(0)} ms = ratio ${(home.lcp / home.staticLcp).toFixed(2)} (target <= 1.5; home HTML's first byte at ${home.ttfb.toFixed(0)} ms)`,
      `Home page cumulative layout shift, loading and scrolling: ${home.cls.toFixed(3)} (target <= 0.1)`,
    ];
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const BOARD_PINS = 10_000;
const FRIEND_PINS = 80;
const LOADS = 11;

type World = { boardPath: string; cookies: { name: string; value: string; url: string }[] };

/**
 * A member who follows a friend with 80 pins of different pictures (their home feed), and a
 * public board of 10,000 pins (one picture: the DOM count does not depend on it).
 */
async function makeWorld(deps: Deps, url: string): Promise<World> {
  const reader = createHttpClient(url);
  await reader.signUp('reader@example.com');
  const friendClient = createHttpClient(url);
  await friendClient.signUp('friend@example.com');
  const users = await deps.db.selectFrom('users').select(['id', 'username', 'email']).execute();
  const readerRow = users.find((u) => u.email === 'reader@example.com');
  const friendRow = users.find((u) => u.email === 'friend@example.com');
  if (!readerRow || !friendRow) throw new Error('sign-up made no user');
  const friend: Actor = memberActor(friendRow.id);
  await followUser(deps, memberActor(readerRow.id), friendRow.id);
  // A verified member: the reminder dialog is not what the home page's figures are about.
  await deps.db.updateTable('users').set({ email_verified_at: Date.now() }).where('id', '=', readerRow.id).execute();

  const ideas = await createBoard(deps, friend, { name: 'Ideas', privacy: 'public' });
  for (let i = 0; i < FRIEND_PINS; i++) {
    const png = await sharp({
      create: { width: 400, height: 300 + ((i * 37) % 400), channels: 3, background: { r: (i * 53) % 256, g: (i * 97) % 256, b: (i * 29) % 256 } },
    })
      .jpeg()
      .toBuffer();
    const media = await ingestImage(deps, friend, png, { inline: true });
    await createPin(deps, friend, { board_id: ideas.id, media_id: media.id, title: `Idea ${String(i)}` });
  }
  const big = await createBoard(deps, friend, { name: 'Ten thousand', privacy: 'public' });
  const one = await ingestImage(
    deps,
    friend,
    await sharp({ create: { width: 300, height: 420, channels: 3, background: '#8e44ad' } })
      .jpeg()
      .toBuffer(),
    { inline: true },
  );
  // Sixteen at once: their commits share fsyncs, so the world is ready in seconds.
  let made = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (made < BOARD_PINS) {
        made += 1;
        await createPin(deps, friend, { board_id: big.id, media_id: one.id, title: `Pin ${String(made)}` });
      }
    }),
  );
  await deps.events.settled();
  await deps.replicas.recommender?.settled();
  const cookies = [...reader.jar.entries()].map(([name, value]) => ({ name, value, url }));
  return { boardPath: `/${friendRow.username}/${big.slug}/`, cookies };
}

/** Elements in the document once `loaded` pins of the board have arrived, scrolling down for more. */
async function domNodes(
  newContext: (options: { viewport: typeof VIEWPORTS.desktop }) => Promise<BrowserContext>,
  boardUrl: string,
): Promise<{ few: number; many: number }> {
  const context = await newContext({ viewport: VIEWPORTS.desktop });
  try {
    const page = await context.newPage();
    let loaded = 0;
    page.on('response', (response) => {
      if (!response.url().includes('/resource/BoardFeedResource/get/')) return;
      void response
        .json()
        .then((body: { resource_response?: { data?: unknown[] } }) => (loaded += body.resource_response?.data?.length ?? 0))
        .catch(() => undefined);
    });
    await page.goto(boardUrl, { waitUntil: 'networkidle' });
    // The server-rendered first page arrives within the HTML.
    loaded = 25;
    await scrollUntil(page, () => loaded >= 100);
    const few = await countElements(page);
    await scrollUntil(page, () => loaded >= BOARD_PINS);
    const many = await countElements(page);
    return { few, many };
  } finally {
    await context.close();
  }
}

async function scrollUntil(page: Page, done: () => boolean): Promise<void> {
  for (let step = 0; !done(); step++) {
    if (step > 20_000) throw new Error('the grid stopped loading');
    await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    await page.waitForTimeout(15);
  }
  await page.waitForTimeout(300);
}

function countElements(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

/** Reads LCP, CLS and the time to the first byte of the HTML from the page's own performance entries. */
async function paintFigures(page: Page): Promise<{ lcp: number; cls: number; ttfb: number }> {
  return page.evaluate(
    () =>
      new Promise<{ lcp: number; cls: number; ttfb: number }>((resolve) => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        let lcp = 0;
        let cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) cls += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => {
          resolve({ lcp, cls, ttfb: navigation?.responseStart ?? 0 });
        }, 200);
      }),
  );
}

/**
 * The home page's LCP, cold, against a static file holding the same pictures at the same sizes
 * and places; and its layout shift while loading and while scrolled through three screens.
 */
async function homeFigures(
  newContext: () => Promise<BrowserContext>,
  url: string,
  cookies: World['cookies'],
  statics: Map<string, string>,
  settle: () => Promise<void>,
): Promise<{ lcp: number; staticLcp: number; cls: number; ttfb: number }> {
  const homeLcps: number[] = [];
  const staticLcps: number[] = [];
  const ttfbs: number[] = [];
  let cls = 0;
  // The member's first visit, not measured: each measured load comes back to a prebuilt list.
  const first = await newContext();
  await first.addCookies(cookies);
  await (await first.newPage()).goto(`${url}/`, { waitUntil: 'networkidle' });
  await first.close();
  for (let load = 0; load < LOADS; load++) {
    await settle();
    const context = await newContext();
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    const figures = await paintFigures(page);
    homeLcps.push(figures.lcp);
    ttfbs.push(figures.ttfb);
    if (load === 0) {
      statics.set('home', await staticCopy(page));
      for (let screen = 0; screen < 3; screen++) {
        await page.mouse.wheel(0, 800);
        await page.waitForTimeout(400);
      }
      cls = (await paintFigures(page)).cls;
    }
    await context.close();
    const plain = await newContext();
    const staticPage = await plain.newPage();
    await staticPage.goto(`${url}/bench/static/home`, { waitUntil: 'networkidle' });
    staticLcps.push((await paintFigures(staticPage)).lcp);
    await plain.close();
  }
  return { lcp: median(homeLcps), staticLcp: median(staticLcps), cls, ttfb: median(ttfbs) };
}

/** The pictures in the first screen, as plain <img> elements at the same places and sizes. */
async function staticCopy(page: Page): Promise<string> {
  const images = await page.evaluate(() =>
    [...document.images]
      .map((img) => ({ src: img.currentSrc || img.src, box: img.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.top < window.innerHeight)
      .map(({ src, box }) => ({ src, left: box.left, top: box.top, width: box.width, height: box.height })),
  );
  const tags = images.map(
    (i) =>
      `<img src="${i.src}" style="position:absolute;left:${String(i.left)}px;top:${String(i.top)}px" width="${String(i.width)}" height="${String(i.height)}" alt="">`,
  );
  return `<!doctype html><html><head><meta charset="utf-8"><title>Static</title></head><body style="margin:0">${tags.join('')}</body></html>`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (typeof address === 'object' && address) resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

if (import.meta.main) process.stdout.write(`${(await pagesBenchmark()).join('\n')}\n`);
