import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';

const PASSWORD = 'correct horse battery';

const viewerOf = (page: Page) =>
  page.evaluate(() => (JSON.parse(document.getElementById('cb-state')?.textContent ?? '{}') as { viewer?: { email?: string } | null }).viewer ?? null);

describe.skipIf(!chromiumAvailable())('several accounts in one browser', () => {
  const suite = browserSuite();

  /** The account menu, opened from the header, once it has read the browser's other accounts. */
  async function openMenu(page: Page) {
    const listed = page.waitForResponse((r) => r.url().includes('/resource/UserSessionResource/create/'));
    await page.getByRole('button', { name: 'Your account' }).click();
    expect((await listed).ok()).toBe(true);
    // The list renders on the next frame after the answer.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const menu = page.locator('#account-menu');
    await menu.getByRole('link', { name: 'Add account' }).waitFor();
    return menu;
  }

  /**
   * A switch or a logout clears what the browser kept for the account left, so the unverified
   * account now active gets its verify-email reminder again (once per browser session).
   */
  async function landAfterSwitch(page: Page) {
    await page.waitForURL(suite.url + '/');
    await page.waitForSelector(HYDRATED);
    await page.getByRole('dialog', { name: 'Verify your email' }).getByRole('button', { name: 'Got it' }).click();
  }

  /** The header's account menu names the member signed in, and the page state agrees. */
  async function expectActive(page: Page, name: string, email: string) {
    expect(await viewerOf(page)).toMatchObject({ email });
    const menu = await openMenu(page);
    await menu.getByText('Signed in as').waitFor();
    expect(await menu.locator('p', { hasText: name }).first().textContent()).toBe(name);
    await page.keyboard.press('Escape');
  }

  for (const size of ['desktop', 'phone'] as const) {
    it(`at ${size} size: add a second account from the menu, switch back and forth, log out of one`, async () => {
      const [first, second] = [`ada-${size}@example.com`, `grace-${size}@example.com`];
      const other = await suite.visit('/', VIEWPORTS[size]);
      await suite.signUp(other.page, { email: second, password: PASSWORD, firstName: 'Grace' });
      await other.context.close();

      // bypassCSP lets axe-core in; the pages run the same either way.
      const { page } = await suite.visit('/', VIEWPORTS[size], { bypassCSP: true });
      await suite.signUp(page, { email: first, password: PASSWORD, firstName: 'Ada' });
      await page.goto(suite.url + '/');
      await page.waitForSelector(HYDRATED);
      await expectActive(page, 'Ada', first);

      const menu = await openMenu(page);
      await menu.getByRole('link', { name: 'Add account' }).click();
      await page.waitForURL(suite.url + '/login?add_account=1');
      await page.waitForSelector(HYDRATED);
      await page.getByRole('heading', { name: 'Add an account', level: 1 }).waitFor();
      await page.getByLabel('Email or username').fill(second);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(suite.url + '/');
      await page.waitForSelector(HYDRATED);
      await expectActive(page, 'Grace', second);

      // The first account stayed signed in: one click, no password, switches back.
      const open = await openMenu(page);
      const switchToAda = open.getByRole('button', { name: /^Switch to Ada @/ });
      await switchToAda.waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `accounts-menu-${size}`);
      await switchToAda.click();
      await landAfterSwitch(page);
      await expectActive(page, 'Ada', first);

      await (await openMenu(page)).getByRole('button', { name: /^Switch to Grace @/ }).click();
      await landAfterSwitch(page);
      await expectActive(page, 'Grace', second);

      // Logging out of Grace leaves Ada signed in and active, with no one else to switch to.
      await (await openMenu(page)).getByRole('button', { name: 'Log out' }).click();
      await landAfterSwitch(page);
      await expectActive(page, 'Ada', first);
      const last = await openMenu(page);
      expect(await last.getByRole('button', { name: /^Switch to/ }).count()).toBe(0);
    });
  }
});
