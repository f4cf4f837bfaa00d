import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForOutboxMail } from '../support/app.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';

const PAGES = [
  ['/settings', 'Account'],
  ['/settings/account-settings', 'Account'],
  ['/settings/edit/email', 'Email'],
  ['/settings/privacy', 'Privacy and data'],
  ['/settings/permissions', 'Permissions'],
  ['/settings/edit/mentions', 'Mentions'],
  ['/settings/messages', 'Messages'],
  ['/settings/notifications', 'Notifications'],
  ['/settings/claim', 'Claimed websites'],
] as const;

const viewerOf = (page: Page) =>
  page.evaluate(() => (JSON.parse(document.getElementById('cb-state')?.textContent ?? '{}') as { viewer?: { username?: string } | null }).viewer ?? null);

async function open(page: Page, url: string, heading: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector(HYDRATED);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

describe.skipIf(!chromiumAvailable())('settings areas in a browser', () => {
  const suite = browserSuite();

  for (const size of ['desktop', 'phone'] as const) {
    it(`every new settings page at ${size} size passes axe and is reached from the settings navigation`, { timeout: 240_000 }, async () => {
      const { context, page, problems } = await suite.visit('/', VIEWPORTS[size], { bypassCSP: true });
      await suite.signUp(page, { email: `nav-${size}@example.com`, password: 'settings password', firstName: 'Nav' });
      for (const [path, heading] of PAGES) {
        await open(page, suite.url + path, heading);
        expect(await accessibilityViolations(page), path).toEqual([]);
        await screenshot(page, `settings${path.replace(/\//g, '-')}-${size}`);
      }
      // The navigation: on a phone one button opens the list; on a desktop the list is beside the page.
      const nav = page.getByRole('navigation', { name: 'Settings' });
      if (size === 'phone') {
        await nav.getByRole('button', { name: /Claimed websites/ }).click();
        await screenshot(page, 'settings-nav-open-phone');
        const box = await nav.getByRole('link', { name: 'Notifications' }).boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(44);
        expect(await accessibilityViolations(page)).toEqual([]);
      }
      await nav.getByRole('link', { name: 'Notifications' }).click();
      await page.waitForURL(`${suite.url}/settings/notifications`);
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      // On a phone the list closes with the new page and its button names the area shown.
      if (size === 'phone') await nav.getByRole('button', { name: /^Notifications/ }).waitFor();
      else expect(await nav.getByRole('link', { name: 'Notifications' }).getAttribute('aria-current')).toBe('page');
      expect(problems.messages).toEqual([]);
      await context.close();
    });
  }

  it('changes the username and a privacy switch, and changes the email by the mailed link', { timeout: 180_000 }, async () => {
    const email = 'journey@example.com';
    const { context, page, problems } = await suite.visit('/', VIEWPORTS.desktop);
    await suite.signUp(page, { email, password: 'settings password', firstName: 'Journey' });
    await open(page, `${suite.url}/settings/account-settings`, 'Account');
    await page.getByLabel('Username').fill('no spaces allowed');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Usernames can only contain letters, numbers and underscores.').waitFor();
    await page.getByLabel('Username').fill('journey_renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Your changes were saved.').waitFor();
    await screenshot(page, 'settings-account-saved-desktop');
    await page.reload();
    await page.waitForSelector(HYDRATED);
    expect(await viewerOf(page)).toMatchObject({ username: 'journey_renamed' });

    await open(page, `${suite.url}/settings/privacy`, 'Privacy and data');
    await page.getByRole('switch', { name: 'Hide your profile from search engines' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Your changes were saved.').waitFor();
    await page.reload();
    await page.waitForSelector(HYDRATED);
    expect(await page.getByRole('switch', { name: 'Hide your profile from search engines' }).isChecked()).toBe(true);
    const profile = await (await fetch(`${suite.url}/journey_renamed/`)).text();
    expect(profile).toContain('<meta name="robots" content="noindex">');

    await open(page, `${suite.url}/settings/edit/email`, 'Email');
    await page.getByLabel('New email').fill('journey-new@example.com');
    await page.getByLabel('Your password').fill('settings password');
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await page.getByRole('status').getByText('We sent a confirmation link to journey-new@example.com').waitFor();
    await screenshot(page, 'settings-email-sent-desktop');
    const [mail] = await waitForOutboxMail(suite.server.config, 'journey-new@example.com');
    const link = /https?:\/\/\S+\/settings\/edit\/email\/\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await page.waitForSelector(HYDRATED);
    await page.getByRole('status').getByText('Your email is now journey-new@example.com.').waitFor();
    await screenshot(page, 'settings-email-confirmed-desktop');
    const notices = await waitForOutboxMail(suite.server.config, email, 2);
    expect(notices.some((m) => m.subject === 'Your Corkboard email was changed')).toBe(true);

    // A new language shows at once: the page loads again in it (the header's texts are translated).
    await open(page, `${suite.url}/settings/account-settings`, 'Account');
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForFunction(() => document.documentElement.lang.startsWith('de'));
    await page.waitForSelector(HYDRATED);
    await page.getByRole('link', { name: 'Startseite' }).first().waitFor();
    expect(await viewerOf(page)).toMatchObject({ username: 'journey_renamed' });
    expect(problems.messages).toEqual([]);
    await context.close();
  });
});
