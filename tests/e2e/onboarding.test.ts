import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS, type Viewport } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeTopicWorld } from '../support/topic-world.ts';

const TOPICS = ['Sourdough', 'Origami', 'Kayaking', 'Ceramics', 'Terrariums'];

type FeedPin = { title: string; recommendation_reason: { reason: string } };

/** The first page of the home feed the server rendered, from the page's initial state. */
async function serverFeed(page: Page): Promise<FeedPin[]> {
  return page.evaluate(() => {
    const state = JSON.parse(document.getElementById('cb-state')?.textContent ?? '{}') as { resources: Record<string, { cached: { data?: unknown } }> };
    const entry = Object.entries(state.resources).find(([key]) => key.startsWith('UserHomefeedResource:'));
    return (entry?.[1].cached.data ?? []) as FeedPin[];
  });
}

describe.skipIf(!chromiumAvailable())('onboarding after sign-up in a browser', () => {
  const suite = browserSuite();
  let world: Promise<unknown> | null = null;
  const topics = () => (world ??= makeTopicWorld(suite.server.server.deps, TOPICS, 8));

  async function journey(viewport: Viewport, size: string, email: string) {
    await topics();
    const { context, page, problems } = await suite.visit('/signup', viewport, { bypassCSP: true });
    await suite.signUp(page, { email, password: 'pick three please', firstName: 'Nia' }, { onboarding: 'stay' });
    expect(new URL(page.url()).pathname).toBe('/nux/');
    await page.getByRole('dialog', { name: 'Verify your email' }).getByRole('button', { name: 'Got it' }).click();

    await page.getByRole('heading', { name: 'Welcome to Corkboard, Nia!' }).waitFor();
    await screenshot(page, `nux-welcome-${size}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: "Let's go" }).click();

    await page.getByRole('heading', { name: 'What are you interested in?' }).waitFor();
    const next = page.getByRole('button', { name: 'Next' });
    for (const name of ['Sourdough', 'Origami']) await page.getByRole('button', { name }).click();
    expect(await next.isDisabled()).toBe(true);
    await page.getByText('Pick 1 more').waitFor();
    await page.getByRole('button', { name: 'Kayaking' }).click();
    expect(await page.getByRole('button', { name: 'Kayaking' }).getAttribute('aria-pressed')).toBe('true');
    expect(await next.isDisabled()).toBe(false);
    await screenshot(page, `nux-interests-${size}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await next.click();

    await page.getByRole('heading', { name: 'Where do you live?' }).waitFor();
    await page.getByLabel('Country or region').selectOption('GB');
    await screenshot(page, `nux-country-${size}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'How do you identify?' }).waitFor();
    await page.getByLabel('Specify another').check();
    expect(await page.getByRole('button', { name: 'Finish' }).isDisabled()).toBe(true);
    await page.getByLabel('Your gender').fill('Nonbinary');
    await screenshot(page, `nux-gender-${size}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Finish' }).click();

    await page.waitForURL(`${suite.url}/`);
    await page.waitForSelector(HYDRATED);
    const feed = await serverFeed(page);
    const chosen = feed.slice(0, 24);
    expect(chosen).toHaveLength(24);
    for (const pin of chosen) {
      expect(pin.recommendation_reason.reason).toBe('followed_interest');
      expect(['Sourdough', 'Origami', 'Kayaking'].some((name) => pin.title.startsWith(name))).toBe(true);
    }
    await screenshot(page, `nux-first-home-${size}`);

    // Finished: never shown again.
    await page.goto(`${suite.url}/nux/`);
    await page.waitForSelector(HYDRATED);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(problems.messages).toEqual([]);
    await context.close();
  }

  it('at desktop size: sign-up, the four steps, then a home feed of the chosen interests', async () => {
    await journey(VIEWPORTS.desktop, 'desktop', 'nia.desk@example.com');
  });

  it('at phone size (320 px wide): the same journey', async () => {
    await journey({ width: 320, height: 640 }, 'phone', 'nia.phone@example.com');
  });
});
