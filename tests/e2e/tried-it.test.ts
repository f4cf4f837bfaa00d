import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../src/server/deps.ts';
import { ingestImage } from '../../src/server/media/media.service.ts';
import { createPin } from '../../src/server/pins/pins.service.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage, pngFile } from '../support/members.ts';

type World = { pins: Record<'desktop' | 'phone', string>; triers: Record<'desktop' | 'phone', TestUser> };

/** A baker's board with a pin for each run, and a member to try each. */
async function makeWorld(deps: Deps): Promise<World> {
  const baker = await makeUser(deps, 'Baker');
  const board = await makeBoard(deps, baker, { name: 'Weekend bakes' });
  const png = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const media = await ingestImage(deps, baker.actor, png, { inline: true });
  const pin = async (title: string) => (await createPin(deps, baker.actor, { board_id: board.id, media_id: media.id, title })).pin.id;
  return {
    pins: { desktop: await pin('Focaccia'), phone: await pin('Cinnamon buns') },
    triers: { desktop: await makeUser(deps, 'Desktopcook'), phone: await makeUser(deps, 'Phonecook') },
  };
}

/** Waits until every upload of the member is processed (the worker of the suite's server makes the sizes). */
async function photosReady(deps: Deps, userId: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const waiting = await deps.db.selectFrom('media').select('id').where('owner_id', '=', userId).where('status', '=', 'processing').execute();
    if (waiting.length === 0) return;
    if (Date.now() > deadline) throw new Error('the photo was not processed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!chromiumAvailable())('tried it', () => {
  const suite = browserSuite();
  let world: World;
  const member = () => ({ browser: suite.browser, url: suite.url, deps: () => suite.server.server.deps });

  beforeAll(async () => {
    world = await makeWorld(suite.server.server.deps);
  }, 60_000);

  it.each(['desktop', 'phone'] as const)('a member adds a tried-it with a photo and sees it on the pin and on the Tried tab (%s)', async (device) => {
    const trier = world.triers[device];
    const { page, problems, close } = await openMemberPage(member(), trier.id, `/pin/${world.pins[device]}/`, VIEWPORTS[device]);
    const section = page.getByRole('region', { name: 'Tried it' });
    await section.getByText('Nobody has shared trying this Pin yet. Be the first!').waitFor();
    await section.getByRole('button', { name: 'Tried it? Add a photo' }).click();

    const dialog = page.getByRole('dialog', { name: 'Tried it' });
    await dialog.getByLabel('Photo').setInputFiles(await pngFile('bake.png', 300, 400, '#27ae60'));
    await dialog.getByLabel('Note').fill('Crispy edges, <b>worth it</b>');
    const created = page.waitForResponse((r) => r.url().includes('/resource/UserDidItDataResource/create/'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).toBe(200);
    await section.getByText('1 person tried this · 1 photo').waitFor();
    // The note is shown as the text it is: no markup of the member's reaches the page.
    await section.getByText('Crispy edges, <b>worth it</b>').waitFor();
    expect(await section.locator('li b').count()).toBe(0);
    expect(await section.getByRole('button', { name: 'Tried it? Add a photo' }).count()).toBe(0);

    await photosReady(suite.server.server.deps, trier.id);
    await page.reload();
    await page.waitForSelector(HYDRATED);
    const photo = section.getByRole('img', { name: /photo of trying this Pin/ });
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto(`${suite.url}/${trier.username}/_tried/`);
    await page.waitForSelector(HYDRATED);
    const tab = page.getByRole('list', { name: /^Pins tried by / });
    await tab.getByText('Crispy edges, <b>worth it</b>').waitFor();
    await tab.getByRole('link', { name: device === 'desktop' ? 'Tried: Focaccia' : 'Tried: Cinnamon buns' }).waitFor();
    await tab.getByRole('img', { name: /photo of trying this Pin/ }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems.messages).toEqual([]);
    await close();
  });
});
