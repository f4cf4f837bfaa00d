import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createComment } from '../../src/server/comments/comments.service.ts';
import { ingestImage } from '../../src/server/media/media.service.ts';
import { createPin } from '../../src/server/pins/pins.service.ts';
import { createDidIt } from '../../src/server/tried/did-its.service.ts';
import { accessibilityViolations, watchLayoutShifts } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS, type Viewport } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { makeBoard, makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';

type World = { owner: TestUser; writer: TestUser; pinId: string; didItId: string };

/** The locale's own texts, read from its catalogue, so the journey follows the translation. */
function textsOf(locale: string): (key: string, count?: number) => string {
  const file = path.resolve(import.meta.dirname, `../../src/web/i18n/locales/pages/${locale}.json`);
  const texts = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  return (key, count) => {
    const text = texts[count === undefined ? key : `${key}_${count === 1 ? 'one' : 'other'}`] ?? texts[key];
    if (text === undefined) throw new Error(`${locale} has no ${key}`);
    return count === undefined ? text : text.replace('{{count}}', String(count));
  };
}

const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not laid out`);
  return found;
};

/*
 * The comment section right to left (Arabic on a desktop, Hebrew on a phone): the page and the
 * section run rtl and are mirrored (a comment's author and its first action sit at the right),
 * the composer, the reply and report actions and a tried-it's thread work from the keyboard, with
 * no accessibility violation and no layout shift.
 */
describe.skipIf(!chromiumAvailable())('the comment section right to left', () => {
  const suite = browserSuite();
  let world: World;
  const member = () => ({ browser: suite.browser, url: suite.url, deps: () => suite.server.server.deps });

  beforeAll(async () => {
    const deps = suite.server.server.deps;
    const owner = await makeUser(deps, 'Rtlbaker');
    const writer = await makeUser(deps, 'Rtlwriter');
    const cook = await makeUser(deps, 'Rtlcook');
    const board = await makeBoard(deps, owner, { name: 'Breads' });
    const png = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#a07850' } })
      .png()
      .toBuffer();
    const media = await ingestImage(deps, owner.actor, png, { inline: true });
    const pin = (await createPin(deps, owner.actor, { board_id: board.id, media_id: media.id, title: 'Flatbread' })).pin;
    // One comment of the owner's for each journey to report and reply to.
    for (const locale of ['ar_SA', 'he_IL']) await createComment(deps, owner.actor, { pin_id: pin.id, text: `مرحبا ${locale} — ברוכים הבאים` });
    const didIt = await createDidIt(deps, cook.actor, { pin_id: pin.id, details: 'Baked it on a stone' });
    world = { owner, writer, pinId: pin.id, didItId: didIt.id };
  }, 60_000);

  const journeys: [string, string, string, Viewport][] = [
    ['ar_SA', 'ar-SA', 'desktop', VIEWPORTS.desktop],
    ['he_IL', 'he-IL', 'phone', VIEWPORTS.phone],
  ];

  it.each(journeys)('%s (%s): mirrored, usable by keyboard, accessible and steady on a %s', async (locale, lang, size, viewport) => {
    const t = textsOf(locale);
    const opened = await openMemberPage(member(), world.writer.id, `/pin/${world.pinId}/?locale=${locale}`, viewport);
    const { page } = opened;
    // Shifts are watched from the first paint of a fresh load of the page.
    const layoutShifts = await watchLayoutShifts(page);
    await page.reload();
    await page.waitForSelector('[data-comment-id]');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    const section = page.locator('section', { has: page.locator('[data-comment-id]') }).first();
    expect(await section.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');

    // Mirrored: the author's name and the first action (Like) start at the comment's right edge.
    const comment = await box(page, '[data-comment-id]');
    // The name's own text, not its box (which may span the line).
    const author = await page
      .locator('[data-comment-id] a')
      .first()
      .evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        return { x: r.x, width: r.width };
      });
    expect(Math.abs(comment.x + comment.width - (author.x + author.width))).toBeLessThan(32);
    expect(author.x - comment.x).toBeGreaterThan(32);
    const like = await box(page, `[data-comment-id] button:has-text("${t('comments.like').replace('{{count}}', '0')}")`);
    const report = await box(page, `[data-comment-id] button:has-text("${t('comments.flag')}")`);
    // The first action starts the row at the right; on a narrow phone the row may wrap, else Report is left of it.
    expect(Math.abs(comment.x + comment.width - (like.x + like.width))).toBeLessThan(32);
    if (Math.abs(like.y - report.y) < 4) expect(like.x).toBeGreaterThan(report.x);

    // The composer by keyboard: type, Tab to Post, Enter.
    const composer = page.getByRole('combobox', { name: t('comments.addLabel') });
    await composer.focus();
    await page.keyboard.type(`${size} تعليق שלום`);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(t('comments.send'));
    await page.keyboard.press('Enter');
    await page
      .locator('[data-comment-id]')
      .filter({ hasText: `${size} تعليق שלום` })
      .waitFor();

    // The menu by keyboard: Report opens the dialog, Escape closes it and gives focus back.
    const owners = page.locator('[data-comment-id]').filter({ hasText: `مرحبا ${locale}` });
    const reportButton = owners.getByRole('button', { name: t('comments.flag') });
    await reportButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => reportButton.evaluate((el) => el === document.activeElement)).toBe(true);
    // Reply by keyboard.
    await owners.getByRole('button', { name: t('comments.reply'), exact: true }).focus();
    await page.keyboard.press('Enter');
    const reply = owners.getByRole('combobox');
    await reply.focus();
    // Words of no button's label (a one-word reply can read like the Reply button itself).
    const replyText = 'شكرا جزيلا ١٢٣';
    await page.keyboard.type(replyText);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await owners.getByText(replyText).waitFor();

    // A tried-it's thread opens by keyboard and takes a comment.
    const { comment_count: before } = await suite.server.server.deps.db
      .selectFrom('did_its')
      .select('comment_count')
      .where('id', '=', world.didItId)
      .executeTakeFirstOrThrow();
    const thread = page.getByRole('button', { name: t('tried.comments', before) });
    await thread.first().focus();
    await page.keyboard.press('Enter');
    expect(await thread.first().getAttribute('aria-expanded')).toBe('true');
    const threadId = await thread.first().getAttribute('aria-controls');
    const triedComposer = page.locator(`[id="${threadId ?? ''}"]`).getByRole('combobox', { name: t('comments.addLabel') });
    await triedComposer.focus();
    await page.keyboard.type(`${size} جربته`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page
      .locator('[data-comment-id]')
      .filter({ hasText: `${size} جربته` })
      .waitFor();
    const onDidIt = await suite.server.server.deps.db
      .selectFrom('comments')
      .select('id')
      .where('did_it_id', '=', world.didItId)
      .where('text', '=', `${size} جربته`)
      .execute();
    expect(onDidIt).toHaveLength(1);

    await screenshot(page, `comments-rtl-${locale}-${size}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await layoutShifts()).toEqual([]);
    expect(opened.problems.messages).toEqual([]);
    await opened.close();
  });
});
