import { describe, expect, it } from 'vitest';
import { accessibilityViolations, watchLayoutShifts } from '../support/axe.ts';
import { chromiumAvailable, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makePin, makeUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';
import { settle } from '../support/settle.ts';

/**
 * The news hub (docs/decisions/0050-notifications.md): B follows A and comments on A's pin in
 * B's browser; A's bell shows the unseen count on the next page load, opening it by keyboard lists
 * both notifications with links, and the badge goes once they are seen.
 */
describe.skipIf(!chromiumAvailable())('the news hub in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;

  for (const size of ['desktop', 'phone'] as const) {
    it(`at ${size} size: B follows and comments, A sees the badge and opens the news hub`, async () => {
      const a = await makeUser(deps(), `Ana${size}`);
      const b = await makeUser(deps(), `Ben${size}`);
      const { pin } = await makePin(deps(), a, await makeBoard(deps(), a), { title: `Brass lamp ${size}` });
      const viewport = VIEWPORTS[size];

      const ben = await openMemberPage({ browser: suite.browser, url: suite.url, deps }, b.id, `/${a.username}/`, viewport);
      await ben.page.getByRole('button', { name: 'Follow' }).first().click();
      await ben.page.getByRole('button', { name: 'Following' }).first().waitFor();
      await ben.page.goto(`${suite.url}/pin/${pin.id}/`);
      await ben.page.waitForSelector(HYDRATED);
      const box = ben.page.getByRole('combobox', { name: 'Add a comment' });
      await box.fill('Where is it from?');
      await ben.page.getByRole('button', { name: 'Post' }).click();
      await ben.page.locator('[data-comment-id]').filter({ hasText: 'Where is it from?' }).waitFor();
      await settle(deps());

      const ana = await openMemberPage({ browser: suite.browser, url: suite.url, deps }, a.id, '/', viewport);
      const layoutShifts = await watchLayoutShifts(ana.page);
      await ana.page.reload();
      await ana.page.waitForSelector(HYDRATED);
      const bell = ana.page.getByRole('button', { name: 'Notifications, 2 new' });
      await bell.waitFor();
      expect(await ana.page.getByTestId('news-hub-badge').textContent()).toBe('2');
      await bell.focus();
      await ana.page.keyboard.press('Enter');
      const hub = ana.page.getByRole('dialog', { name: 'Notifications' });
      await hub.getByRole('link', { name: `Ben${size} Test started following you` }).waitFor();
      const comment = hub.getByRole('link', { name: `Ben${size} Test commented on your Pin “Brass lamp ${size}”` });
      await comment.waitFor();
      expect(await comment.getAttribute('href')).toBe(`/pin/${pin.id}/`);
      expect(await accessibilityViolations(ana.page)).toEqual([]);
      await ana.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      expect(await ana.page.getByTestId('news-hub-badge').count()).toBe(0);
      await ana.page.keyboard.press('Escape');
      expect(await hub.isVisible()).toBe(false);
      expect(await layoutShifts()).toEqual([]);
      expect(ana.problems.messages).toEqual([]);
      expect(ben.problems.messages).toEqual([]);
      await ana.close();
      await ben.close();
    });
  }
});
