import { beforeAll, describe, expect, it } from 'vitest';
import { acceptInvite, inviteCollaborator } from '../../../src/server/boards/collaborators.service.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeSection, makeUser, signIn, visitorClient, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { ensureClientBuild } from '../../support/server.ts';

/**
 * The page server renders profiles, boards, sections and pins with their content in the HTML for
 * a visitor (and search engines), and answers 404 for what the reader may not see.
 */

type Page = { status: number; html: string };

async function page(client: TestClient, path: string): Promise<Page> {
  const response = await client.get(path, { accept: 'text/html' });
  return { status: response.statusCode, html: response.body };
}

/** The text of the #root element: what the server rendered, without the embedded state. */
function rendered(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script', start);
  return html.slice(start, end);
}

function mediaUrlsIn(html: string): string[] {
  return [...rendered(html).matchAll(/src="([^"]*\/media\/[^"]+)"/g)].map((m) => m[1] ?? '');
}

describe.each(databaseKinds)('profile, board, section and pin pages on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(
    kind,
    (app) => {
      t = app;
    },
    'at the end',
  );
  beforeAll(() => {
    ensureClientBuild();
  });

  let owner: TestUser;
  let visitor: TestClient;
  let boardSlug: string;
  let secretSlug: string;
  let secretPinId: string;
  let publicPinId: string;

  beforeAll(async () => {
    owner = await makeUser(t.deps, 'Painter');
    const board = await makeBoard(t.deps, owner, { name: 'Watercolor Ideas', description: 'Loose washes and wet edges' });
    boardSlug = board.slug;
    const skies = await makeSection(t.deps, owner, board, 'Evening Skies');
    for (let i = 0; i < 3; i++) await makePin(t.deps, owner, board, { title: `Wash study ${i}` });
    publicPinId = (await makePin(t.deps, owner, board, { title: 'Sunset gradient', section: skies, link: 'https://example.com/sunsets' })).pin.id;
    const secret = await makeBoard(t.deps, owner, { name: 'Gift Plans', privacy: 'secret' });
    secretSlug = secret.slug;
    secretPinId = (await makePin(t.deps, owner, secret, { title: 'Hidden present' })).pin.id;
    visitor = await visitorClient(t);
  });

  it('renders a profile for a visitor with the person, the tabs and the boards', async () => {
    const { status, html } = await page(visitor, `/${owner.username}/`);
    expect(status).toBe(200);
    const body = rendered(html);
    expect(body).toContain('Painter Test');
    expect(body).toContain(`@${owner.username}`);
    expect(body).toContain('Watercolor Ideas');
    expect(body).not.toContain('Gift Plans');
    expect(body).toContain(`href="/${owner.username}/_created/"`);
    expect(body).not.toContain('_archived');
    expect(mediaUrlsIn(html).length).toBeGreaterThan(0);
    expect(html).toContain(`<link rel="canonical" href="${t.config.publicUrl.origin}/${owner.username}/"`);
  });

  it('renders the created pins tab with pin titles and image URLs', async () => {
    const { status, html } = await page(visitor, `/${owner.username}/_created/`);
    expect(status).toBe(200);
    const body = rendered(html);
    for (const title of ['Wash study 0', 'Wash study 2', 'Sunset gradient']) expect(body).toContain(title);
    expect(body).not.toContain('Hidden present');
    expect(mediaUrlsIn(html).length).toBeGreaterThanOrEqual(4);
    expect(body).toContain('role="list"');
  });

  it('renders a board with its sections and pins, and a section page with its pins', async () => {
    const board = await page(visitor, `/${owner.username}/${boardSlug}/`);
    expect(board.status).toBe(200);
    const body = rendered(board.html);
    expect(body).toContain('<h1');
    expect(body).toContain('Watercolor Ideas');
    expect(body).toContain('Loose washes and wet edges');
    expect(body).toContain('Evening Skies');
    expect(body).toContain(`href="/${owner.username}/${boardSlug}/evening-skies/"`);
    expect(body).toContain('Wash study 1');
    expect(mediaUrlsIn(board.html).length).toBeGreaterThanOrEqual(4);

    const section = await page(visitor, `/${owner.username}/${boardSlug}/evening-skies/`);
    expect(section.status).toBe(200);
    expect(rendered(section.html)).toContain('Sunset gradient');
    expect(rendered(section.html)).not.toContain('Wash study 1');
    expect(section.html).toContain(`/${owner.username}/${boardSlug}/evening-skies/"`);
  });

  it('renders a pin page with its image at 736x, title, link and board, and the canonical /pin/<id>/', async () => {
    const { status, html } = await page(visitor, `/pin/${publicPinId}`);
    expect(status).toBe(200);
    const body = rendered(html);
    expect(body).toContain('Sunset gradient');
    expect(body).toContain('href="https://example.com/sunsets"');
    expect(body).toContain('example.com');
    expect(body).toContain('Watercolor Ideas');
    expect(body).toMatch(/aspect-ratio:\s*\d+ \/ \d+/);
    expect(mediaUrlsIn(html).length).toBeGreaterThan(0);
    expect(html).toContain(`<link rel="canonical" href="${t.config.publicUrl.origin}/pin/${publicPinId}/"`);
  });

  it('answers 404 for a secret board, its section-less feed and its pin, an unknown user and an unknown board', async () => {
    for (const path of [
      `/${owner.username}/${secretSlug}/`,
      `/pin/${secretPinId}/`,
      '/nobody-by-this-name/',
      `/${owner.username}/no-such-board/`,
      `/${owner.username}/${boardSlug}/no-such-section/`,
      '/pin/99999999999/',
    ]) {
      const { status, html } = await page(visitor, path);
      expect(status, path).toBe(404);
      expect(html).not.toContain('Gift Plans');
      expect(html).not.toContain('Hidden present');
      expect(html).toContain('noindex');
    }
  });

  it('shows the secret board to its owner and to an accepted collaborator, with a lock', async () => {
    const friend = await makeUser(t.deps, 'Friend');
    const secret = await t.deps.db.selectFrom('boards').select('id').where('slug', '=', secretSlug).where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
    await inviteCollaborator(t.deps, owner.actor, secret.id, friend.id);
    await acceptInvite(t.deps, friend.actor, secret.id);
    for (const user of [owner, friend]) {
      const client = await signIn(t, user);
      const { status, html } = await page(client, `/${owner.username}/${secretSlug}/`);
      expect(status).toBe(200);
      expect(rendered(html)).toContain('Gift Plans');
      expect(rendered(html)).toContain('Hidden present');
      expect(rendered(html)).toContain('aria-label="Secret board"');
      expect(html).toContain('noindex');
      expect((await page(client, `/pin/${secretPinId}/`)).status).toBe(200);
    }
    const stranger = await signIn(t, await makeUser(t.deps));
    expect((await page(stranger, `/${owner.username}/${secretSlug}/`)).status).toBe(404);
  });

  it('shows the archived boards tab only to the owner', async () => {
    const mine = await signIn(t, owner);
    expect(rendered((await page(mine, `/${owner.username}/`)).html)).toContain(`href="/${owner.username}/_archived/"`);
    const others = rendered((await page(visitor, `/${owner.username}/_archived/`)).html);
    expect(others).toContain('data-page="not-found"');
  });

  it('hides a profile from the user its owner blocked, and shows the blocker the way to unblock', async () => {
    const blocker = await makeUser(t.deps, 'Blocker');
    const blocked = await makeUser(t.deps, 'Blocked');
    await makeBoard(t.deps, blocker, { name: 'Blocker Board' });
    await blockUser(t.deps, blocker.actor, blocked.id);
    const blockedBrowser = await signIn(t, blocked);
    const hidden = await page(blockedBrowser, `/${blocker.username}/`);
    expect(hidden.status).toBe(404);
    expect(hidden.html).not.toContain('Blocker Board');
    expect((await page(blockedBrowser, `/${blocker.username}/_created/`)).status).toBe(404);

    const blockerBrowser = await signIn(t, blocker);
    const seen = await page(blockerBrowser, `/${blocked.username}/`);
    expect(seen.status).toBe(200);
    expect(rendered(seen.html)).toContain('Unblock');
    expect(rendered(seen.html)).toContain('You blocked Blocked');
  });

  it('asks for the first screen’s pictures first and the rest after them', async () => {
    const board = await makeBoard(t.deps, owner, { name: 'Many Washes' });
    for (let i = 0; i < 18; i++) await makePin(t.deps, owner, board, { title: `Wash ${i}` });
    const { html } = await page(visitor, `/${owner.username}/${board.slug}/`);
    const images = [...rendered(html).matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(images).toHaveLength(18);
    expect(images.slice(0, 16).every((img) => /fetchpriority="high"/i.test(img) && img.includes('loading="eager"'))).toBe(true);
    expect(images.slice(16).every((img) => /fetchpriority="low"/i.test(img) && img.includes('loading="lazy"'))).toBe(true);
  });
});
