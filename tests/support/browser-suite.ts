import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, vi } from 'vitest';
import { CONSENT_COOKIE, NO_CONSENT, formatConsentCookie } from '../../src/shared/consent.ts';
import { launchBrowser, openPage, VIEWPORTS, type ConsoleProblems, type Viewport } from './browser.ts';
import { ensureClientBuild, startHttpServer, type RunningServer } from './server.ts';

/** Set on <html> once the client has hydrated the server-rendered page. */
export const HYDRATED = 'html[data-hydrated="true"]';

export type Visit = { context: BrowserContext; page: Page; problems: ConsoleProblems };

/** The consent cookie of a browser that refused every category (what the banner's Reject all leaves). */
export async function answerCookieBanner(context: BrowserContext, url: string): Promise<void> {
  await context.addCookies([{ name: CONSENT_COOKIE, value: formatConsentCookie(NO_CONSENT), url }]);
}

/** Answers every onboarding step through the resource calls the page makes, in the page's session. */
export async function finishOnboarding(page: Page): Promise<void> {
  const problem = await page.evaluate(async () => {
    const csrf = /(?:^|; )csrftoken=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    const call = async (verb: 'get' | 'update', options: object) => {
      const data = encodeURIComponent(JSON.stringify({ options, context: {} }));
      const response =
        verb === 'get'
          ? await fetch(`/resource/NuxInterestsResource/get/?data=${data}`)
          : await fetch('/resource/NuxResource/update/', {
              method: 'POST',
              headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRFToken': csrf },
              body: `data=${data}`,
            });
      return { ok: response.ok, body: (await response.json()) as { resource_response: { data: unknown } } };
    };
    const collage = (await call('get', {})).body.resource_response.data as { id: string }[];
    const answers = [
      { step: 'welcome' },
      { step: 'interests', interest_ids: collage.slice(0, 3).map((c) => c.id) },
      { step: 'country_language', country: 'US', locale: 'en_US' },
      { step: 'gender', gender: null },
    ];
    for (const answer of answers) {
      const result = await call('update', answer);
      if (!result.ok) return JSON.stringify(result.body);
    }
    return null;
  });
  if (problem) throw new Error(`onboarding not finished: ${problem}`);
}

export type SignUpForm = { email: string; password: string; firstName: string; birthday?: string };

/**
 * One server and one Chromium for a describe block, started before its tests and closed after.
 * Read `server` and `browser` inside tests only: they exist once beforeAll has run.
 */
export function browserSuite(options: { env?: Record<string, string> } = {}) {
  // A journey of several pages and password hashes runs beside other browsers and servers in the
  // full suite; on 2 cores that can take longer than the unit-test default of 30 s.
  vi.setConfig({ testTimeout: 90_000 });
  const started: { server?: RunningServer; browser?: Browser } = {};
  beforeAll(async () => {
    ensureClientBuild();
    started.server = await startHttpServer(options.env);
    started.browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.close();
  });

  const suite = {
    get server(): RunningServer {
      if (!started.server) throw new Error('the suite has not started');
      return started.server;
    },
    get browser(): Browser {
      if (!started.browser) throw new Error('the suite has not started');
      return started.browser;
    },
    get url(): string {
      return suite.server.url;
    },
    /**
     * A new browser context on `path`, hydrated. The browser has answered the cookie banner
     * (refused everything, as the defaults are) unless `cookieBanner: 'unanswered'`.
     */
    async visit(path: string, viewport: Viewport = VIEWPORTS.desktop, options: { bypassCSP?: boolean; cookieBanner?: 'unanswered' } = {}): Promise<Visit> {
      const { cookieBanner, ...contextOptions } = options;
      const context = await suite.browser.newContext({ viewport, locale: 'en-US', ...contextOptions });
      if (cookieBanner !== 'unanswered') await answerCookieBanner(context, suite.url);
      const { page, problems } = await openPage(context);
      await page.goto(suite.url + path);
      await page.waitForSelector(HYDRATED);
      return { context, page, problems };
    },
    /**
     * Fills and sends the sign-up form; resolves once the 'Verify your email' dialog shows (on the
     * onboarding page the sign-up leads to). Onboarding is then finished behind the page's back
     * (no interests beyond what a new instance has), unless `onboarding: 'stay'`.
     */
    async signUp(page: Page, form: SignUpForm, options: { onboarding?: 'stay' } = {}): Promise<void> {
      await page.goto(`${suite.url}/signup`);
      await page.waitForSelector(HYDRATED);
      await page.getByLabel('Email').fill(form.email);
      await page.getByLabel('Create a password').fill(form.password);
      await page.getByLabel('Birthday').fill(form.birthday ?? '1990-04-01');
      await page.getByLabel('First name').fill(form.firstName);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('dialog', { name: 'Verify your email' }).waitFor();
      await page.waitForSelector(HYDRATED);
      if (options.onboarding !== 'stay') await finishOnboarding(page);
    },
  };
  return suite;
}
