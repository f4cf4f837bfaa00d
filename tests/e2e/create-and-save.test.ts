import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS, type Viewport } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { deleteBoard } from '../../src/server/boards/boards.service.ts';
import { makeBoard, makePin, makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage, pngFile } from '../support/members.ts';

/** The create-pin flow, the save button with its board picker, and the post-repin toast. */
describe.skipIf(!chromiumAvailable())('creating and saving pins in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;

  const memberPage = (user: TestUser, path: string, viewport?: Viewport) =>
    openMemberPage({ browser: suite.browser, url: suite.url, deps }, user.id, path, viewport);

  it('creates a pin from an uploaded image: fields, board, publish, then its page and its board', async () => {
    const ada = await makeUser(deps(), 'ada');
    await makeBoard(deps(), ada, { name: 'Kitchen ideas' });
    const trips = await makeBoard(deps(), ada, { name: 'Road trips' });
    const { page, problems, close } = await memberPage(ada, '/');

    await page.getByRole('button', { name: 'Create a Pin or a board' }).click();
    // The one in the header's Create menu (an empty home feed offers one too).
    await page.locator('#create-menu').getByRole('link', { name: 'Create Pin' }).click();
    await page.waitForURL(`${suite.url}/pin-builder`);
    await page.getByRole('heading', { name: 'Create Pin', level: 1 }).waitFor();
    expect(await page.title()).toBe('Create Pin | Corkboard');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'pin-builder-empty-desktop');

    await page.getByLabel('Choose a file').setInputFiles(await pngFile('sunset.png', 600, 900, '#e67e22'));
    await page.getByRole('img', { name: 'Preview of your Pin' }).waitFor();
    await page.getByLabel('Title').fill('Desert sunset');
    await page.getByLabel('Description').fill('The last light over the dunes.');
    await page.getByLabel('Link').fill('not a link');
    await page.getByLabel('Alt text').fill('An orange sky over sand dunes');

    await page.getByRole('button', { name: /Board Choose a board/ }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a board' });
    await picker.getByRole('button', { name: 'Kitchen ideas' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'pin-builder-picker-desktop');
    await picker.getByLabel('Search boards').fill('road');
    await expect.poll(() => picker.getByRole('button', { name: 'Kitchen ideas' }).count()).toBe(0);
    await picker.getByRole('button', { name: 'Road trips' }).click();
    await picker.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /Board Road trips/ }).waitFor();

    // The link is checked before anything is sent.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Please enter a valid URL starting with http:// or https://').waitFor();
    await page.getByLabel('Link').fill('https://example.com/dunes');
    await screenshot(page, 'pin-builder-filled-desktop');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/pin\/\d+\/$/);
    await page.getByRole('heading', { name: 'Desert sunset', level: 1 }).waitFor();
    await page.getByText('The last light over the dunes.').waitFor();

    const pinId = /\/pin\/(\d+)\//.exec(page.url())?.[1] ?? '';
    const pin = await deps().db.selectFrom('pins').selectAll().where('id', '=', pinId).executeTakeFirstOrThrow();
    expect(pin).toMatchObject({
      title: 'Desert sunset',
      alt_text: 'An orange sky over sand dunes',
      link: 'https://example.com/dunes',
      creator_id: ada.id,
      comments_disabled: 0,
    });
    const save = await deps().db.selectFrom('board_pins').selectAll().where('pin_id', '=', pinId).executeTakeFirstOrThrow();
    expect(save.board_id).toBe(trips.id);

    await page.goto(`${suite.url}/${ada.username}/${trips.slug}/`);
    await page.waitForSelector(HYDRATED);
    await page.getByRole('link', { name: 'Desert sunset' }).waitFor();
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('refuses a file the pin builder cannot take, with the reason, before sending it', async () => {
    const bo = await makeUser(deps(), 'bo');
    const { page, problems, close } = await memberPage(bo, '/pin-builder', VIEWPORTS.phone);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v3/media/uploads/')) uploads.push(r.url());
    });
    await page.getByLabel('Choose a file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('alert').filter({ hasText: "This type of file isn't supported" }).waitFor();
    expect(uploads).toEqual([]);
    await screenshot(page, 'pin-builder-refused-phone');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems.messages).toEqual([]);
    await close();
  });

  /** The tile of a pin in a grid, by its title (the tile's link is named after it). */
  const tile = (page: Page, title: string) => page.locator('div', { has: page.getByRole('link', { name: title, exact: true }) }).last();

  it('saves a pin from a board grid with the picker, quick-saves the next, shows where, and unsaves', async () => {
    const cleo = await makeUser(deps(), 'cleo');
    const cottages = await makeBoard(deps(), cleo, { name: 'Cottages' });
    const first = await makePin(deps(), cleo, cottages, { title: 'Stone cottage' });
    const second = await makePin(deps(), cleo, cottages, { title: 'Thatched roof' });
    const dan = await makeUser(deps(), 'dan');
    const dream = await makeBoard(deps(), dan, { name: 'Dream homes' });
    await makeBoard(deps(), dan, { name: 'Gardens' });
    const { page, problems, close } = await memberPage(dan, `/${cleo.username}/${cottages.slug}/`);

    const stone = tile(page, 'Stone cottage');
    await stone.hover();
    await stone.getByRole('button', { name: 'Save', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Save' });
    await picker.getByRole('button', { name: 'Dream homes' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'save-picker-desktop');
    await picker.getByRole('button', { name: 'Dream homes' }).click();
    await picker.waitFor({ state: 'hidden' });

    await stone.hover();
    await stone.getByRole('button', { name: 'Saved to Dream homes' }).waitFor();
    await stone.getByRole('link', { name: 'Dream homes' }).waitFor();
    const toast = page.getByTestId('toasts');
    await toast.getByText('Saved to Dream homes').waitFor();
    expect(await toast.getByRole('link', { name: 'See board' }).getAttribute('href')).toBe(`/${dan.username}/${dream.slug}/`);
    await screenshot(page, 'save-saved-desktop');
    const saves = () => deps().db.selectFrom('board_pins').select(['pin_id']).where('board_id', '=', dream.id).execute();
    expect((await saves()).map((s) => s.pin_id)).toEqual([first.pin.id]);

    // The next save goes straight to the last board, and the upsell is not shown again for it.
    await toast.getByText('Saved to Dream homes').waitFor({ state: 'hidden', timeout: 10_000 });
    const roof = tile(page, 'Thatched roof');
    await roof.hover();
    await roof.getByRole('button', { name: 'Save to Dream homes' }).click();
    await roof.getByRole('button', { name: 'Saved to Dream homes' }).waitFor();
    await expect.poll(async () => (await saves()).length).toBe(2);
    expect(await toast.getByText('Saved to Dream homes').count()).toBe(0);
    expect(second.pin.id).toBeTruthy();

    // Where it is saved shows in the picker; then the save is removed.
    await stone.hover();
    await stone.getByRole('button', { name: 'Saved to Dream homes' }).click();
    await stone.getByRole('button', { name: 'Save to another board' }).click();
    const again = page.getByRole('dialog', { name: 'Save' });
    await again.getByRole('button', { name: /Dream homes.*Saved/ }).waitFor();
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'hidden' });
    await stone.hover();
    await stone.getByRole('button', { name: 'Saved to Dream homes' }).click();
    await stone.getByRole('button', { name: 'Remove from Dream homes' }).click();
    await stone.hover();
    await stone.getByRole('button', { name: 'Save to Dream homes' }).waitFor();
    await expect.poll(async () => (await saves()).map((s) => s.pin_id)).toEqual([second.pin.id]);
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('works the board picker by keyboard alone: open, search, choose, and Escape', async () => {
    const eve = await makeUser(deps(), 'eve');
    const lamps = await makeBoard(deps(), eve, { name: 'Lamps' });
    await makePin(deps(), eve, lamps, { title: 'Brass lamp' });
    const finn = await makeUser(deps(), 'finn');
    await makeBoard(deps(), finn, { name: 'Living room' });
    const reading = await makeBoard(deps(), finn, { name: 'Reading nook' });
    const { page, problems, close } = await memberPage(finn, `/${eve.username}/${lamps.slug}/`);

    await page.getByRole('link', { name: 'Brass lamp', exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Choose board');
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: 'Save' });
    await picker.getByRole('button', { name: 'Living room' }).waitFor();
    // Focus moves in an effect after the picker renders: poll rather than race it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');

    // Escape closes it and gives the focus back.
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Choose board');

    await page.keyboard.press('Enter');
    await picker.getByRole('button', { name: 'Living room' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    // Closed and opened again before the browser reports the close: it reports a dialog's close a
    // task after giving the focus back, and a loaded machine may take the next key first. That late
    // report must not close the picker opened meanwhile. Done in one task, so the order is certain.
    await page.evaluate(() => {
      document.querySelector<HTMLDialogElement>('dialog[open]')?.close();
      (document.activeElement as HTMLElement | null)?.click();
    });
    await picker.getByRole('button', { name: 'Living room' }).waitFor();
    await page.waitForTimeout(300);
    expect(await picker.isVisible()).toBe(true);
    await page.keyboard.type('nook');
    await expect.poll(() => picker.getByRole('button', { name: 'Living room' }).count()).toBe(0);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Reading nook');
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'hidden' });
    await expect.poll(() => deps().db.selectFrom('board_pins').select('id').where('board_id', '=', reading.id).execute()).toHaveLength(1);
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('puts a failed quick save back as it was and forgets a board that is gone', async () => {
    const kim = await makeUser(deps(), 'kim');
    const vases = await makeBoard(deps(), kim, { name: 'Vases' });
    await makePin(deps(), kim, vases, { title: 'Blue vase' });
    await makePin(deps(), kim, vases, { title: 'Clay vase' });
    const lou = await makeUser(deps(), 'lou');
    const temp = await makeBoard(deps(), lou, { name: 'For now' });
    const { page, problems, close } = await memberPage(lou, `/${kim.username}/${vases.slug}/`);
    const blue = tile(page, 'Blue vase');
    await blue.hover();
    await blue.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Save' }).getByRole('button', { name: 'For now' }).click();
    await blue.hover();
    await blue.getByRole('button', { name: 'Saved to For now' }).waitFor();

    await deleteBoard(deps(), lou.actor, temp.id);
    const clay = tile(page, 'Clay vase');
    await clay.hover();
    await clay.getByRole('button', { name: 'Save to For now' }).click();
    await page.getByTestId('toasts').getByText('Not found.').waitFor();
    await clay.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await clay.getByRole('button', { name: 'Choose board' }).waitFor();
    // The refused write is the one failed request.
    expect(problems.messages.filter((m) => !m.includes('status of 404'))).toEqual([]);
    await close();
  });

  it('makes a board inside the picker and saves there; the picker fits a phone', async () => {
    const gus = await makeUser(deps(), 'gus');
    const rugs = await makeBoard(deps(), gus, { name: 'Rugs' });
    await makePin(deps(), gus, rugs, { title: 'Woven rug' });
    const hana = await makeUser(deps(), 'hana');
    const { page, problems, close } = await memberPage(hana, `/pin/${(await makePin(deps(), gus, rugs, { title: 'Kilim' })).pin.id}/`, VIEWPORTS.phone);
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('button', { name: 'Pin options' }).waitFor();
    await page.getByRole('button', { name: 'More options' }).click();
    await screenshot(page, 'pin-page-visitor-phone');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Save' });
    await picker.getByText("You don't have any boards yet.").waitFor();
    await picker.getByRole('button', { name: 'Create board' }).click();
    const create = page.getByRole('dialog', { name: 'Create board' });
    await create.getByLabel('Name').fill('Floors');
    await create.getByRole('switch', { name: 'Keep this board secret' }).check();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'save-picker-create-phone');
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await create.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Saved to Floors' }).waitFor();
    const board = await deps().db.selectFrom('boards').selectAll().where('owner_id', '=', hana.id).executeTakeFirstOrThrow();
    expect(board).toMatchObject({ name: 'Floors', privacy: 'secret' });
    expect(problems.messages).toEqual([]);
    await close();
  });

  /** A web page with Open Graph data and its image, on a local server the app may fetch in tests. */
  async function webPage(): Promise<{ url: string; close: () => Promise<void> }> {
    const png = (await pngFile('dunes.png', 400, 600, '#d35400')).buffer;
    const server = http.createServer((request, response) => {
      if (request.url === '/dunes.png') {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
        return;
      }
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head>
        <title>Dunes at dusk - Travel notes</title>
        <meta property="og:title" content="Dunes at dusk">
        <meta property="og:description" content="Where to stand for the last light.">
        <meta property="og:image" content="${origin}/dunes.png">
        <meta property="og:image:alt" content="Orange dunes under a pink sky">
        <link rel="canonical" href="${origin}/travel/dunes">
      </head><body><h1>Dunes</h1></body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/travel/dunes?utm=x`,
      close: () =>
        new Promise((resolve) =>
          server.close(() => {
            resolve();
          }),
        ),
    };
  }

  it('creates a pin from a web page: its image, title, description and canonical link', async () => {
    // The app refuses private addresses; the test's page lives on loopback.
    deps().config.outbound.allowPrivateAddresses = true;
    const site = await webPage();
    const ivy = await makeUser(deps(), 'ivy');
    const travel = await makeBoard(deps(), ivy, { name: 'Travel' });
    const { page, problems, close } = await memberPage(ivy, '/pin-builder');
    await page.getByRole('tab', { name: 'Save from a website' }).click();
    await page.getByLabel('Website address').fill(site.url);
    await page.getByRole('button', { name: 'Find images' }).click();
    await page.getByRole('img', { name: 'Orange dunes under a pink sky' }).waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe('Dunes at dusk');
    expect(await page.getByLabel('Description').inputValue()).toBe('Where to stand for the last light.');
    const origin = new URL(site.url).origin;
    expect(await page.getByLabel('Link').inputValue()).toBe(`${origin}/travel/dunes`);
    await page.getByRole('button', { name: /Board Choose a board/ }).click();
    await page.getByRole('dialog', { name: 'Choose a board' }).getByRole('button', { name: 'Travel' }).click();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'pin-builder-website-desktop');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/pin\/\d+\/$/, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Dunes at dusk', level: 1 }).waitFor();
    const pinId = /\/pin\/(\d+)\//.exec(page.url())?.[1] ?? '';
    expect(await deps().db.selectFrom('pins').select(['link', 'alt_text']).where('id', '=', pinId).executeTakeFirst()).toEqual({
      link: `${origin}/travel/dunes`,
      alt_text: 'Orange dunes under a pink sky',
    });
    expect(await deps().db.selectFrom('board_pins').select('board_id').where('pin_id', '=', pinId).executeTakeFirst()).toEqual({ board_id: travel.id });
    expect(problems.messages).toEqual([]);
    await close();
    await site.close();
    deps().config.outbound.allowPrivateAddresses = false;
  });

  it('sends a visitor to log in before the pin builder', async () => {
    const response = await fetch(`${suite.url}/pin-builder`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?next=%2Fpin-builder');
  });
});
