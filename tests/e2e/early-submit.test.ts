import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, openPage, screenshot, VIEWPORTS } from '../support/browser.ts';
import { answerCookieBanner, browserSuite, HYDRATED } from '../support/browser-suite.ts';

const PASSWORD = 'correct horse battery';
const HOLD_MS = 2_500;

/**
 * A person on a slow connection types and presses Enter before the page's script has taken the
 * form over. Whether the script had started (the submission is held and made once hydrated) or
 * not (the browser posts the form itself and is sent back to the page), nobody lands on an error.
 */
describe.skipIf(!chromiumAvailable())('a form submitted before the page is live', () => {
  const suite = browserSuite();

  /** A fresh browser whose requests for files matching `slow` answer HOLD_MS late. */
  async function slowBrowser(viewport: (typeof VIEWPORTS)['desktop'], slow: RegExp): Promise<{ context: BrowserContext; page: Page }> {
    const context = await suite.browser.newContext({ viewport, locale: 'en-US' });
    await answerCookieBanner(context, suite.url);
    await context.route(slow, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await route.continue();
    });
    const { page } = await openPage(context);
    return { context, page };
  }

  async function fillLogin(page: Page, email: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
  }

  for (const size of ['desktop', 'phone'] as const) {
    it(`at ${size} size: pressing Enter while the login page is still loading logs in once it is live`, async () => {
      const email = `early-${size}@example.com`;
      const { context: first, page: signUpPage } = await suite.visit('/', VIEWPORTS[size]);
      await suite.signUp(signUpPage, { email, password: PASSWORD, firstName: 'Early' });
      await first.close();

      // The entry module runs (it holds submissions) but the login view's own code is late.
      const { context, page } = await slowBrowser(VIEWPORTS[size], /\/assets\/login-[^/]*\.js$/);
      const refused: number[] = [];
      page.on('response', (r) => {
        if (r.request().method() === 'POST' && r.status() >= 400) refused.push(r.status());
      });
      await page.goto(`${suite.url}/login/`, { waitUntil: 'domcontentloaded' });
      expect(await page.locator(HYDRATED).count()).toBe(0);
      await fillLogin(page, email);
      await page.waitForURL(`${suite.url}/`);
      await page.waitForSelector(HYDRATED);
      expect(refused).toEqual([]);
      await screenshot(page, `early-submit-held-${size}`);
      await context.close();
    });

    it(`at ${size} size: a form posted before any script ran comes back to its page, not to an error`, async () => {
      const { context, page } = await slowBrowser(VIEWPORTS[size], /\/assets\/main-[^/]*\.js$/);
      await page.goto(`${suite.url}/login/`, { waitUntil: 'commit' });
      await page.getByLabel('Email').waitFor();
      const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url() === `${suite.url}/login/`);
      await fillLogin(page, `nobody-${size}@example.com`);
      expect((await posted).status()).toBe(303);
      await page.waitForSelector(HYDRATED);
      expect(new URL(page.url()).pathname).toBe('/login/');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      await screenshot(page, `early-submit-native-${size}`);
      await context.close();
    });
  }
});
