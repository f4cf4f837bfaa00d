import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makeUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';
import { canvasOf, paintPicture } from '../../src/server/demo/painters/paint.ts';
import type { SubjectSlug } from '../../src/server/demo/subjects.ts';

/** A story pin made in the pin builder, read page by page on its closeup, found on the profile's story pins tab. */
describe.skipIf(!chromiumAvailable())('story pins in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;

  /** A 9:16 picture from the demo world's painters, as a file to choose. */
  const painted = async (subject: SubjectSlug, name: string) => ({
    name: `${name}.png`,
    mimeType: 'image/png',
    buffer: await paintPicture(subject, name, canvasOf('9:16', 450)),
  });

  /** The editor of the page being edited (the others are hidden, so out of the accessibility tree). */
  const editorOf = (page: Page, number: number) => page.getByRole('group', { name: `Page ${String(number)}`, exact: true });

  async function addText(page: Page, number: number, kind: 'heading' | 'text', words: string) {
    const editor = editorOf(page, number);
    await editor.getByRole('button', { name: kind === 'heading' ? 'Add heading' : 'Add text' }).click();
    await editor
      .getByRole('textbox', { name: kind === 'heading' ? 'Heading' : 'Text', exact: true })
      .last()
      .fill(words);
  }

  it('creates a three-page story, pages through it with the keyboard, and lists it on the story pins tab', async () => {
    const ada = await makeUser(deps(), 'ada');
    const baking = await makeBoard(deps(), ada, { name: 'Baking' });
    const { page, problems, close } = await openMemberPage({ browser: suite.browser, url: suite.url, deps }, ada.id, '/pin-builder');

    await page.getByRole('tab', { name: 'Story Pin' }).click();
    await editorOf(page, 1).waitFor();
    await editorOf(page, 1)
      .getByLabel('Choose a file')
      .setInputFiles(await painted('desserts', 'batter'));
    await addText(page, 1, 'heading', 'Gather everything');

    await page.getByRole('button', { name: 'Add page' }).click();
    await editorOf(page, 2)
      .getByLabel('Choose a file')
      .setInputFiles(await painted('coffee', 'whisk'));
    await addText(page, 2, 'text', 'Whisk until smooth');
    await editorOf(page, 2).getByRole('combobox', { name: 'Position' }).last().selectOption('center');

    // A page of words on a colour, then moved before the whisking.
    await page.getByRole('button', { name: 'Add page' }).click();
    await expect.poll(() => page.getByText('Every page needs a picture, a video or some text.').count()).toBe(1);
    await addText(page, 3, 'heading', 'Enjoy them warm');
    await editorOf(page, 3).getByLabel('Background color').fill('#fde2e4');
    await page.getByRole('button', { name: 'Move earlier' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Page 2', pressed: true }).count()).toBe(1);

    await page.getByLabel('Title').fill('Crêpes step by step');
    await page.getByRole('button', { name: /Board Choose a board/ }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a board' });
    await picker.getByRole('button', { name: 'Baking' }).click();
    await picker.waitFor({ state: 'hidden' });
    const publish = page.getByRole('button', { name: 'Publish' });
    await expect.poll(() => publish.isEnabled(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, 'story-builder-desktop');
    expect(await accessibilityViolations(page)).toEqual([]);

    await publish.click();
    await page.waitForURL(/\/pin\/\d+\/$/);
    const pinId = /\/pin\/(\d+)\//.exec(page.url())?.[1] ?? '';
    const player = page.getByRole('region', { name: 'Crêpes step by step' });
    await player.waitFor();
    await player.getByText('Page 1 of 3').waitFor();
    await player.getByRole('heading', { name: 'Gather everything' }).waitFor();
    await screenshot(page, 'story-closeup-page1-desktop');

    // The arrow keys turn the pages while the player has the focus; the ends stay put.
    await player.focus();
    await page.keyboard.press('ArrowRight');
    await player.getByText('Page 2 of 3').waitFor();
    await player.getByRole('heading', { name: 'Enjoy them warm' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await player.getByText('Whisk until smooth').waitFor();
    await page.keyboard.press('ArrowRight');
    await player.getByText('Page 3 of 3').waitFor();
    await screenshot(page, 'story-closeup-page3-desktop');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Home');
    await player.getByText('Page 1 of 3').waitFor();
    await player.getByRole('button', { name: 'Next page' }).click();
    await player.getByText('Page 2 of 3').waitFor();

    const stored = await deps().db.selectFrom('story_pins').select('pages').where('pin_id', '=', pinId).executeTakeFirstOrThrow();
    const pages = JSON.parse(stored.pages) as { background_color: string; blocks: { type: string; text?: string }[] }[];
    expect(pages.map((p) => p.blocks.map((b) => b.text ?? b.type))).toEqual([
      ['image', 'Gather everything'],
      ['Enjoy them warm'],
      ['image', 'Whisk until smooth'],
    ]);
    expect(pages[1]?.background_color).toBe('#FDE2E4');
    const save = await deps().db.selectFrom('board_pins').select('board_id').where('pin_id', '=', pinId).executeTakeFirstOrThrow();
    expect(save.board_id).toBe(baking.id);

    // The profile's story pins tab shows it, with its page count; the pins tab too.
    await page.goto(`${suite.url}/${ada.username}/_story_pins/`);
    await page.waitForSelector(HYDRATED);
    const tile = page.locator('div', { has: page.getByRole('link', { name: 'Crêpes step by step', exact: true }) }).last();
    await tile.getByText('Pages: 3').waitFor();
    await screenshot(page, 'story-profile-tab-desktop');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('shows a story to a visitor on a phone, server-rendered with every page’s words, and finds it among idea pins', async () => {
    const bo = await makeUser(deps(), 'bo');
    await makeBoard(deps(), bo, { name: 'Guides' });
    const { page: builder, close: closeBuilder } = await openMemberPage({ browser: suite.browser, url: suite.url, deps }, bo.id, '/pin-builder');
    await builder.getByRole('tab', { name: 'Story Pin' }).click();
    await editorOf(builder, 1)
      .getByLabel('Choose a file')
      .setInputFiles(await painted('flowers', 'box'));
    await addText(builder, 1, 'heading', 'Plant a window box');
    await builder.getByRole('button', { name: 'Add page' }).click();
    await addText(builder, 2, 'text', 'Water deeply, then every other day.');
    await builder.getByLabel('Title').fill('Window box guide');
    await builder.getByRole('button', { name: /Board Choose a board/ }).click();
    const picker = builder.getByRole('dialog', { name: 'Choose a board' });
    await picker.getByRole('button', { name: 'Guides' }).click();
    await picker.waitFor({ state: 'hidden' });
    const publish = builder.getByRole('button', { name: 'Publish' });
    await expect.poll(() => publish.isEnabled(), { timeout: 20_000 }).toBe(true);
    await publish.click();
    await builder.waitForURL(/\/pin\/\d+\/$/);
    const path = new URL(builder.url()).pathname;
    await closeBuilder();

    const html = await (await fetch(suite.url + path)).text();
    expect(html).toContain('Plant a window box');
    expect(html).toContain('Water deeply, then every other day.');
    const { page, problems, context } = await suite.visit(path, VIEWPORTS.phone);
    const player = page.getByRole('region', { name: 'Window box guide' });
    await player.getByText('Page 1 of 2').waitFor();
    await player.getByRole('button', { name: 'Next page' }).click();
    await player.getByText('Water deeply, then every other day.').waitFor();
    await screenshot(page, 'story-closeup-phone');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The idea pins search finds it.
    await page.goto(`${suite.url}/search/idea_pins/?q=window`);
    await page.waitForSelector(HYDRATED);
    await page.getByRole('link', { name: 'Window box guide', exact: true }).waitFor();
    await page.getByText('Pages: 2').waitFor();
    expect(problems.messages).toEqual([]);
    await context.close();
  });
});
