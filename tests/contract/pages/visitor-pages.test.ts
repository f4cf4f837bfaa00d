import fs from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateBoard } from '../../../src/server/boards/boards.service.ts';
import { editPin } from '../../../src/server/pins/pins.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, withCountedTestApp } from '../../support/factories.ts';
import { ensureClientBuild } from '../../support/server.ts';

/**
 * A visitor's page whose every resource is the same for every visitor is rendered once and kept
 * while no commit changes content (docs/decisions/0016-visitor-cache.md): fresh after every
 * change, one variant per locale, bot and device, and never a member's page.
 */
describe.each(databaseKinds)('pages kept for visitors on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });
  beforeAll(() => {
    ensureClientBuild();
  });

  const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

  it('shows every change to the pin at once, a page made secret as 404, and again once public', async () => {
    const owner = await makeUser(t.deps, 'pagekeeper');
    const board = await makeBoard(t.deps, owner, { name: 'Porch' });
    const { pin } = await makePin(t.deps, owner, board, { title: 'Swing seat' });
    const visitor = await visitorClient(t);
    const page = () => visitor.get(`/pin/${pin.id}/`, { accept: 'text/html' });

    const first = await page();
    expect(first.statusCode).toBe(200);
    expect((await page()).body).toBe(first.body);
    await editPin(t.deps, owner.actor, pin.id, { title: 'Porch swing seat' });
    expect((await page()).body).toContain('Porch swing seat');
    await updateBoard(t.deps, owner.actor, board.id, { privacy: 'secret' });
    expect((await page()).statusCode).toBe(404);
    await updateBoard(t.deps, owner.actor, board.id, { privacy: 'public' });
    const again = await page();
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Porch swing seat');
  });

  it('keeps one variant per locale, bot and phone, and answers a member for themselves', async () => {
    const owner = await makeUser(t.deps, 'variantowner');
    const { pin } = await makePin(t.deps, owner, await makeBoard(t.deps, owner), { title: 'Lantern' });
    const visitor = await visitorClient(t);
    const get = (headers: Record<string, string>) => visitor.get(`/pin/${pin.id}/`, { accept: 'text/html', ...headers });
    expect((await get({ 'accept-language': 'de-DE' })).body).toMatch(/<html lang="de/);
    expect((await get({ 'accept-language': 'en-US' })).body).toMatch(/<html lang="en/);
    expect((await get({ 'user-agent': BOT })).body).toContain('"isBot":true');
    expect((await get({ 'user-agent': PHONE })).body).toContain('"isMobile":true');
    expect((await get({})).body).toContain('"isBot":false');
    const member = await (await signIn(t, owner)).get(`/pin/${pin.id}/`, { accept: 'text/html' });
    expect(member.body).toContain('"isAuthenticated":true');
    expect((await get({})).body).toContain('"isAuthenticated":false');
  });

  it('carries the core texts of the page’s locale, and en_US’s for the keys it lacks, as a JSON block', async () => {
    const visitor = await visitorClient(t);
    const texts = async (language: string) => {
      const html = (await visitor.get('/', { accept: 'text/html', 'accept-language': language })).body;
      const block = /<script type="application\/json" id="cb-texts">(.*?)<\/script>/.exec(html)?.[1];
      return JSON.parse(block ?? 'null') as Record<string, Record<string, string>> | null;
    };
    const german = await texts('de-DE');
    expect(Object.keys(german ?? {}).sort()).toEqual(['de', 'en_US']);
    expect(german?.['de']).toEqual(JSON.parse(fs.readFileSync('src/web/i18n/locales/de.json', 'utf8')));
    expect(german?.['en_US']).toEqual(JSON.parse(fs.readFileSync('src/web/i18n/locales/en_US.json', 'utf8')));
    expect(Object.keys((await texts('en-US')) ?? {})).toEqual(['en_US']);
  });
});

describe('pages kept for visitors, served from memory', () => {
  let t: TestApp;
  withCountedTestApp('sqlite', (app) => {
    t = app;
  });
  beforeAll(() => {
    ensureClientBuild();
  });

  it('serves the kept page until a commit it sees: a write behind its back shows only after the next one', async () => {
    const owner = await makeUser(t.deps, 'memorykeeper');
    const board = await makeBoard(t.deps, owner, { name: 'Attic' });
    const { pin } = await makePin(t.deps, owner, board, { title: 'Old trunk' });
    const visitor = await visitorClient(t);
    const page = async () => (await visitor.get(`/pin/${pin.id}/`, { accept: 'text/html' })).body;
    expect(await page()).toContain('Old trunk');
    if (t.config.database.kind !== 'sqlite') throw new Error('sqlite only');
    // Another connection changes the title: this process's write clock does not see it.
    const behind = new DatabaseSync(t.config.database.file);
    behind.prepare('update pins set title = ? where id = ?').run('Sea chest', pin.id);
    behind.close();
    expect(await page()).toContain('Old trunk');
    await updateBoard(t.deps, owner.actor, board.id, { description: 'Boxes and chests' });
    expect(await page()).toContain('Sea chest');
  });
});
