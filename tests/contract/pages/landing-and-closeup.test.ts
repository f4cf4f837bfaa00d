import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, visitorClient, withCountedTestApp } from '../../support/factories.ts';
import { catchUpSearch } from '../../support/settle.ts';
import { ensureClientBuild } from '../../support/server.ts';
import { freshRecommender } from '../recs/world.ts';

/**
 * The page server renders the signed-out home with the instance's pins and its prompts, a
 * closeup with the first page of its related pins as links, and a slugged closeup address as the
 * pin's page with the canonical address.
 */

/** The text of the #root element: what the server rendered, without the embedded state. */
function rendered(html: string): string {
  const start = html.indexOf('<div id="root">');
  return html.slice(start, html.indexOf('<script', start));
}

const pinLinks = (html: string) => [...rendered(html).matchAll(/<a [^>]*href="\/pin\/(\d+)\/"/g)].map((m) => m[1] ?? '');

describe.each(databaseKinds)('the landing and closeup pages on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app), 'at the end');
  let visitor: TestClient;
  let first: string;
  let secretTitle: string;

  beforeAll(async () => {
    ensureClientBuild();
    const owner = await makeUser(t.deps, 'Maker');
    const board = await makeBoard(t.deps, owner, { name: 'Paper crafts' });
    const made: string[] = [];
    for (let i = 0; i < 40; i++) made.push((await makePin(t.deps, owner, board, { title: `Folded star ${i}` })).pin.id);
    first = made[0] ?? '';
    secretTitle = 'Surprise party plan';
    await makePin(t.deps, owner, await makeBoard(t.deps, owner, { name: 'Plans', privacy: 'secret' }), { title: secretTitle });
    await catchUpSearch(t.deps);
    await freshRecommender(t.deps);
    visitor = await visitorClient(t);
  }, 120_000);

  const page = async (path: string) => {
    const response = await visitor.get(path, { accept: 'text/html' });
    return { status: response.statusCode, html: response.body };
  };

  it('renders the signed-out home with at least 25 pins as links, the sign-up and login-for-more prompts', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    const body = rendered(html);
    expect(new Set(pinLinks(html)).size).toBeGreaterThanOrEqual(25);
    expect(body).toContain('Folded star');
    expect(body).not.toContain(secretTitle);
    expect(html).not.toContain(secretTitle);
    expect(body).toContain('href="/signup"');
    expect(body).toContain('Log in for more');
  });

  it('renders the first page of related pins on a closeup as crawlable links', async () => {
    const { status, html } = await page(`/pin/${first}/`);
    expect(status).toBe(200);
    expect(rendered(html)).toContain('More like this');
    const related = pinLinks(html).filter((id) => id !== first);
    expect(new Set(related).size).toBe(12);
  });

  it('renders a slugged address as the pin with the canonical address; a slug without a pin is 404', async () => {
    const { status, html } = await page(`/pin/folded-star-0--${first}/`);
    expect(status).toBe(200);
    expect(rendered(html)).toContain('Folded star 0');
    expect(html).toContain(`<link rel="canonical" href="${t.config.publicUrl.origin}/pin/${first}/"`);
    expect((await page('/pin/folded-star-0/')).status).toBe(404);
    expect((await page('/pin/folded-star--999999999999/')).status).toBe(404);
  });
});
