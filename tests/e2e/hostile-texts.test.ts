import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createComment } from '../../src/server/comments/comments.service.ts';
import type { Deps } from '../../src/server/deps.ts';
import { createPin } from '../../src/server/pins/pins.service.ts';
import { updateProfile } from '../../src/server/social/profile.service.ts';
import { createDidIt } from '../../src/server/tried/did-its.service.ts';
import { BoardFields } from '../../src/shared/contracts/boards.ts';
import { AggregatedCommentResource } from '../../src/shared/contracts/comments.ts';
import { UserDidItDataResource } from '../../src/shared/contracts/did-its.ts';
import { PinFields } from '../../src/shared/contracts/pins.ts';
import { ProfileChanges } from '../../src/shared/contracts/social.ts';
import { STATE_ELEMENT_ID, BOOTSTRAP_ELEMENT_ID } from '../../src/shared/bootstrap.ts';
import { createBoard } from '../../src/server/boards/boards.service.ts';
import { chromiumAvailable, openPage, VIEWPORTS } from '../support/browser.ts';
import { answerCookieBanner, browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeMedia, makeUser, type TestUser } from '../support/factories.ts';
import { HOSTILE_SEARCH_WORD, HOSTILE_TEXTS, textsUpTo } from '../support/hostile-texts.ts';
import { signInPage } from '../support/members.ts';

const PINS = 6;

/** A page of the site and the member texts its server render and its page state must carry. */
type Stop = { path: string; texts: string[] };

type World = { owner: TestUser; stops: Stop[] };

/**
 * Every text of the corpus stored through the services members' words go through, each checked
 * by the contract the web client's call would pass first (so they are texts a member can save):
 * the owner's name, about text, board and pins; comments of three writers (30 a member may write
 * in ten minutes); a tried-it note of one writer on each pin.
 */
async function makeWorld(deps: Deps): Promise<World> {
  const owner = await makeUser(deps, 'Owner');
  const trier = await makeUser(deps, 'Trier');
  const writers = [trier, await makeUser(deps, 'Writer'), await makeUser(deps, 'Writer')];
  const short = textsUpTo(50);
  const titles = textsUpTo(100).filter((t) => PinFields.shape.title.safeParse(t).success);
  const pick = (list: readonly string[], n: number) => list[n % list.length] ?? '';

  const profile = ProfileChanges.parse({ first_name: pick(titles, 3), about: pick(HOSTILE_TEXTS, 20) });
  await updateProfile(deps, owner.actor, profile);
  const board = await createBoard(deps, owner.actor, BoardFields.parse({ name: pick(short, 1), privacy: 'public', description: pick(HOSTILE_TEXTS, 40) }));
  const mediaId = await makeMedia(deps, owner);
  const searchable = titles.filter((t) => t.includes(HOSTILE_SEARCH_WORD));
  const pins: { id: string; title: string; description: string }[] = [];
  for (let i = 0; i < PINS; i += 1) {
    const fields = PinFields.parse({
      board_id: board.id,
      media_id: mediaId,
      title: i < 2 ? pick(searchable, i) : pick(titles, i * 5),
      description: pick(HOSTILE_TEXTS, i * 11 + 7),
      // The one kind of link a pin may keep: http(s), here with quotes that would leave an attribute.
      link:
        i === 0
          ? pick(
              HOSTILE_TEXTS.filter((t) => t.startsWith('https://')),
              0,
            )
          : undefined,
    });
    const { pin } = await createPin(deps, owner.actor, fields);
    pins.push({ id: pin.id, title: pin.title, description: pin.description });
  }

  // Comments: the whole corpus, 20 to a pin (the first page a closeup comes with).
  const commentsOf = new Map<string, string[]>();
  for (const [n, text] of HOSTILE_TEXTS.entries()) {
    const pin = pins[Math.floor(n / 20)];
    const writer = writers[n % writers.length];
    if (!pin || !writer) throw new Error('no pin or writer');
    const made = await createComment(deps, writer.actor, AggregatedCommentResource.verbs.create.input.parse({ pin_id: pin.id, text }));
    commentsOf.set(pin.id, [...(commentsOf.get(pin.id) ?? []), made.text]);
  }
  const notes: string[] = [];
  for (const [i, pin] of pins.entries()) {
    const tried = await createDidIt(
      deps,
      trier.actor,
      UserDidItDataResource.verbs.create.input.parse({ pin_id: pin.id, details: pick(HOSTILE_TEXTS, i * 7 + 3) }),
    );
    notes.push(tried.details);
  }

  const closeups = pins
    .slice(0, Math.ceil(HOSTILE_TEXTS.length / 20))
    .map((pin) => ({ path: `/pin/${pin.id}/`, texts: [pin.title, pin.description, ...(commentsOf.get(pin.id) ?? [])] }));
  return {
    owner,
    stops: [
      ...closeups,
      { path: `/${owner.username}/${board.slug}/`, texts: [board.name, board.description, ...pins.map((p) => p.title)] },
      { path: `/${owner.username}/`, texts: [profile.first_name ?? '', profile.about ?? ''] },
      { path: `/${trier.username}/_tried/`, texts: notes },
      { path: `/search/pins/?q=${HOSTILE_SEARCH_WORD}`, texts: pins.slice(0, 2).map((p) => p.title) },
    ],
  };
}

/** Every string inside a parsed JSON value. */
function stringsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) stringsIn(item, into);
  return into;
}

/** The JSON blocks of a server-rendered page, parsed: a text that closed its script early would break them. */
function jsonBlocks(html: string): { state: Set<string>; bootstrap: unknown } {
  const block = (id: string) => {
    const found = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
    if (!found?.[1]) throw new Error(`no ${id} block`);
    return JSON.parse(found[1]) as unknown;
  };
  // Every script element is one the page writes itself, and the structured data parses too.
  const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
  const strangers = scripts.filter(
    (tag) => !/^<script (type="application\/(ld\+)?json"( id="[\w-]+")?|type="module" src="\/[^"]+" fetchpriority="low")>$/.test(tag),
  );
  if (strangers.length > 0) throw new Error(`scripts the page did not write: ${strangers.join(' ')}`);
  for (const data of html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)) JSON.parse(data[1] ?? '');
  return { state: stringsIn(block(STATE_ELEMENT_ID)), bootstrap: block(BOOTSTRAP_ELEMENT_ID) };
}

/** What of the page could run a member's text: handlers, script URLs, frames, scripts that are not ours. */
async function activeMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        const value = attribute.value.trim().toLowerCase();
        if (attribute.name.startsWith('on')) found.push(`${element.tagName} ${attribute.name}`);
        if (/^(javascript|vbscript|data):/.test(value) && /^(href|src|action|formaction|data|srcdoc)$/.test(attribute.name))
          found.push(`${element.tagName} ${attribute.name}=${value}`);
      }
    }
    for (const element of Array.from(document.querySelectorAll('iframe, object, embed, base, svg script, details[ontoggle], marquee')))
      found.push(element.tagName);
    for (const script of Array.from(document.scripts))
      if (script.textContent.includes('__pwned') && script.type !== 'application/json' && script.type !== 'application/ld+json') found.push('script');
    return found;
  });
}

describe.skipIf(!chromiumAvailable())('hostile member texts', () => {
  const suite = browserSuite();
  let world: World;

  beforeAll(async () => {
    world = await makeWorld(suite.server.server.deps);
  }, 60_000);

  it(`${HOSTILE_TEXTS.length} hostile texts on closeups, board, profile, Tried tab and search run nothing and show as typed`, async () => {
    expect(HOSTILE_TEXTS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(HOSTILE_TEXTS).size).toBe(HOSTILE_TEXTS.length);

    // The server's HTML: the page state parses and carries the texts exactly as stored.
    for (const stop of world.stops) {
      const response = await fetch(suite.url + stop.path);
      expect(response.status, stop.path).toBe(200);
      const html = await response.text();
      const blocks = jsonBlocks(html);
      expect(blocks.bootstrap, stop.path).toBeTruthy();
      expect(
        stop.texts.filter((text) => !blocks.state.has(text)),
        `${stop.path} state`,
      ).toEqual([]);
    }

    // Chromium without the content security policy, so only the rendering stands between a text and running.
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'en-US', bypassCSP: true });
    await answerCookieBanner(context, suite.url);
    const { page, problems } = await openPage(context);
    page.setDefaultTimeout(8000);
    const ran: unknown[] = [];
    const dialogs: string[] = [];
    await page.exposeFunction('__pwned', (n: unknown) => ran.push(n));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    const tour = async (who: string) => {
      for (const stop of world.stops) {
        await page.goto(suite.url + stop.path);
        // Before hydration too: a text that broke out of the page state would stop the page hydrating.
        expect(ran, `${who} ${stop.path} ran texts`).toEqual([]);
        await page.waitForSelector(HYDRATED);
        // Hover and scroll over the page, as a reader would, for handlers that wait for them.
        await page.mouse.move(640, 400);
        await page.mouse.wheel(0, 4000);
        const shown = await page.evaluate(() => document.body.innerText);
        expect(
          stop.texts.filter((text) => !shown.includes(text.trim())),
          `${who} ${stop.path} shows its texts as typed`,
        ).toEqual([]);
        expect(await activeMarkup(page), `${who} ${stop.path}`).toEqual([]);
      }
    };
    await tour('visitor');
    await signInPage(page, suite.server.server.deps, world.owner.id);
    await tour('owner');
    // Anything deferred (an image error, a toggle event) has had its turn.
    await page.waitForTimeout(300);
    expect(ran).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(problems.messages).toEqual([]);
    // The watch itself works: one of the texts put into the page as markup is caught at once.
    await page.evaluate((text) => {
      document.body.insertAdjacentHTML('beforeend', text);
    }, HOSTILE_TEXTS[10] ?? '');
    await expect.poll(() => ran).toEqual([10]);
    await context.close();
  }, 60_000);
});
