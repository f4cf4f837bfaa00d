import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE } from '../../src/shared/consent.ts';
import { findUserById } from '../../src/server/users/users.repo.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS, type Viewport } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeUser } from '../support/factories.ts';
import { signInPage } from '../support/members.ts';

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on Corkboard' });
const consentCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === CONSENT_COOKIE)?.value ?? null;

describe.skipIf(!chromiumAvailable())('the cookie banner in a browser', () => {
  const suite = browserSuite();

  async function reloadWithoutBanner(page: Page) {
    await page.reload();
    await page.waitForSelector(HYDRATED);
    expect(await banner(page).count()).toBe(0);
  }

  async function visitor(viewport: Viewport) {
    return suite.visit('/', viewport, { bypassCSP: true, cookieBanner: 'unanswered' });
  }

  it('a visitor accepts all at desktop size; the banner does not return', async () => {
    const { context, page, problems } = await visitor(VIEWPORTS.desktop);
    await banner(page).waitFor();
    await screenshot(page, 'cookie-banner-desktop');
    expect(await accessibilityViolations(page)).toEqual([]);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect(await consentCookie(context)).toBe('p1.a1.m1');
    await reloadWithoutBanner(page);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('a visitor rejects all at phone size', async () => {
    const { context, page, problems } = await visitor(VIEWPORTS.phone);
    await banner(page).waitFor();
    await screenshot(page, 'cookie-banner-phone');
    expect(await accessibilityViolations(page)).toEqual([]);
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect(await consentCookie(context)).toBe('p0.a0.m0');
    await reloadWithoutBanner(page);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('a member chooses per category at phone size: kept on the account, and in a new browser too', async () => {
    const member = await makeUser(suite.server.server.deps, 'cookies');
    const { context, page, problems } = await visitor({ width: 320, height: 640 });
    await signInPage(page, suite.server.server.deps, member.id);
    await banner(page).getByRole('button', { name: 'Choose' }).click();
    await banner(page)
      .getByLabel(/^Personalization/)
      .check();
    await banner(page)
      .getByLabel(/^Marketing/)
      .check();
    await screenshot(page, 'cookie-banner-categories-phone');
    expect(await accessibilityViolations(page)).toEqual([]);
    await banner(page).getByRole('button', { name: 'Save choices' }).click();
    await banner(page).waitFor({ state: 'detached' });
    const user = await findUserById(suite.server.server.deps.db, member.id);
    expect([user?.allow_personalization_cookies, user?.allow_analytic_cookies, user?.allow_marketing_cookies]).toEqual([1, 0, 1]);
    await reloadWithoutBanner(page);
    await context.close();

    // Another browser: the account's answer comes with the member's first page.
    const other = await visitor(VIEWPORTS.desktop);
    await signInPage(other.page, suite.server.server.deps, member.id);
    expect(await banner(other.page).count()).toBe(0);
    expect(await consentCookie(other.context)).toBe('p1.a0.m1');
    expect([...problems.messages, ...other.problems.messages]).toEqual([]);
    await other.context.close();
  });
});
