import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeSection, memberActor, type TestUser } from '../../support/factories.ts';
import { zipEntries } from '../../support/zip.ts';

const PASSWORD = 'correct horse battery';
type Body<T> = { resource_response: { data: T } };
type Summary = { id: string; status: 'pending' | 'ready' | 'failed'; downloaded: boolean };

describe.each(databaseKinds)('downloading one’s data on %s', (kind) => {
  let t: TestApp;
  let addresses = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t.close());

  async function member(email: string): Promise<{ browser: TestClient; user: TestUser }> {
    addresses += 1;
    const browser = t.client(`10.19.6.${addresses}`);
    await browser.signUp(email, PASSWORD);
    const row = await t.deps.db.selectFrom('users').select(['id', 'username']).where('email', '=', email).executeTakeFirstOrThrow();
    return { browser, user: { id: row.id, username: row.username, actor: memberActor(row.id) } };
  }

  const latest = async (browser: TestClient) => (await browser.getResource('AccountExportResource')).json<Body<Summary | null>>().resource_response.data;

  async function linkIn(email: string): Promise<string> {
    const mails = await t.waitForMail(email, 2);
    const mail = mails.find((m) => m.subject === 'Your Corkboard data is ready to download');
    const link = /https?:\/\/\S+\/download-data\/file\/\?\S+/.exec(mail?.text ?? '')?.[0];
    if (!link) throw new Error('no download link in the mail');
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  }

  async function waitReady(browser: TestClient): Promise<Summary> {
    for (let i = 0; i < 200; i += 1) {
      const now = await latest(browser);
      if (now?.status === 'ready') return now;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the export never turned ready');
  }

  it('a job builds a ZIP of JSON and the original pictures, mails a one-time link, and the page shows it ready', async () => {
    const { browser, user } = await member('export-me@example.com');
    const board = await makeBoard(t.deps, user, { name: 'Soups' });
    const section = await makeSection(t.deps, user, board, 'Cold soups');
    const { pin } = await makePin(t.deps, user, board, { title: 'Gazpacho', section });
    expect(await latest(browser)).toBeNull();
    const asked = await browser.resource('AccountExportResource', 'create', {});
    expect(asked.statusCode).toBe(200);
    expect(asked.json<Body<Summary>>().resource_response.data.status).toBe('pending');
    await waitReady(browser);

    const path = await linkIn('export-me@example.com');
    const download = await t.client('10.19.6.200').get(path);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const files = zipEntries(download.rawPayload);
    expect([...files.keys()].filter((name) => name.endsWith('.json')).sort()).toEqual(
      ['boards', 'follows', 'media', 'pins', 'profile', 'saves', 'sections', 'settings'].map((n) => `${n}.json`),
    );
    const json = (name: string): unknown => JSON.parse(files.get(name)?.toString('utf8') ?? 'null');
    expect(json('profile.json')).toMatchObject({ email: 'export-me@example.com', username: user.username });
    expect(JSON.stringify(json('profile.json'))).not.toContain('password_hash');
    expect(json('boards.json')).toEqual([expect.objectContaining({ name: 'Soups' })]);
    expect(json('sections.json')).toEqual([expect.objectContaining({ title: 'Cold soups' })]);
    expect(json('pins.json')).toEqual([expect.objectContaining({ id: pin.id, title: 'Gazpacho' })]);
    const original = [...files.keys()].find((name) => name.startsWith(`media/${pin.media_id ?? ''}`));
    expect(original).toBeDefined();
    expect(
      files
        .get(original ?? '')
        ?.subarray(0, 4)
        .toString('hex'),
    ).toMatch(/^(89504e47|ffd8ff|52494646)/);

    // The link works once.
    expect((await t.client('10.19.6.201').get(path)).statusCode).toBe(404);
    expect((await latest(browser))?.downloaded).toBe(true);
  });

  it('a second request while one is pending answers the same export', async () => {
    const { browser } = await member('export-twice@example.com');
    const first = (await browser.resource('AccountExportResource', 'create', {})).json<Body<Summary>>().resource_response.data;
    const second = (await browser.resource('AccountExportResource', 'create', {})).json<Body<Summary>>().resource_response.data;
    if (first.status === 'pending' && second.status === 'pending') expect(second.id).toBe(first.id);
    await waitReady(browser);
  });

  it('a wrong, tampered or other export’s link is not found; bad input is 400; a ready export is not made again', async () => {
    const { browser } = await member('export-links@example.com');
    await browser.resource('AccountExportResource', 'create', {});
    await waitReady(browser);
    const path = await linkIn('export-links@example.com');
    const url = new URL(path, 'http://x');
    const id = url.searchParams.get('id') ?? '';
    const stranger = t.client('10.19.6.202');
    expect((await stranger.get(`/download-data/file/?id=${id}&token=wrong`)).statusCode).toBe(404);
    expect((await stranger.get(`/download-data/file/?id=1&token=${url.searchParams.get('token') ?? ''}`)).statusCode).toBe(404);
    expect((await stranger.get('/download-data/file/?id=abc&token=x')).statusCode).toBe(400);
    expect((await stranger.get('/download-data/file/')).statusCode).toBe(400);
    // A ready export not yet downloaded: asking again points at the mail, and makes nothing new.
    const count = async () => (await t.deps.db.selectFrom('account_exports').select('id').execute()).length;
    const before = await count();
    const again = await browser.resource('AccountExportResource', 'create', {});
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Your last export is ready');
    expect(await count()).toBe(before);
    // The real link still works after the failed tries.
    expect((await stranger.get(path)).statusCode).toBe(200);
  });

  it('visitors are asked to sign in; another member never sees my export', async () => {
    const visitor = t.client('10.19.6.203');
    await visitor.ensureCsrf();
    expect((await visitor.getResource('AccountExportResource')).statusCode).toBe(401);
    expect((await visitor.resource('AccountExportResource', 'create', {})).statusCode).toBe(401);
    const { browser } = await member('export-owner@example.com');
    await browser.resource('AccountExportResource', 'create', {});
    const other = (await member('export-other@example.com')).browser;
    expect(await latest(other)).toBeNull();
    await waitReady(browser);
  });
});
