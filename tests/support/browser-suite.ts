import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, vi } from 'vitest';
import { launchBrowser, openPage, VIEWPORTS, type ConsoleProblems, type Viewport } from './browser.ts';
import { ensureClientBuild, startHttpServer, type RunningServer } from './server.ts';

/** Set on <html> once the client has hydrated the server-rendered page. */
export const HYDRATED = 'html[data-hydrated="true"]';

export type Visit = { context: BrowserContext; page: Page; problems: ConsoleProblems };

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
    /** A new browser context on `path`, hydrated. */
    async visit(path: string, viewport: Viewport = VIEWPORTS.desktop, options: { bypassCSP?: boolean } = {}): Promise<Visit> {
      const context = await suite.browser.newContext({ viewport, locale: 'en-US', ...options });
      const { page, problems } = await openPage(context);
      await page.goto(suite.url + path);
      await page.waitForSelector(HYDRATED);
      return { context, page, problems };
    },
    /** Fills and sends the sign-up form; resolves once the 'Verify your email' dialog shows. */
    async signUp(page: Page, form: SignUpForm): Promise<void> {
      await page.goto(`${suite.url}/signup`);
      await page.waitForSelector(HYDRATED);
      await page.getByLabel('Email').fill(form.email);
      await page.getByLabel('Create a password').fill(form.password);
      await page.getByLabel('Birthday').fill(form.birthday ?? '1990-04-01');
      await page.getByLabel('First name').fill(form.firstName);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('dialog', { name: 'Verify your email' }).waitFor();
      await page.waitForSelector(HYDRATED);
    },
  };
  return suite;
}
