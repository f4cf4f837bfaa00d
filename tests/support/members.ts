import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { issueToken } from '../../src/server/auth/handshake.ts';
import type { Deps } from '../../src/server/deps.ts';
import { openPage, VIEWPORTS, type Viewport } from './browser.ts';
import { HYDRATED, answerCookieBanner } from './browser-suite.ts';

/**
 * Signs a browser page in as a factory user, the way the web client finishes a login: a
 * handshake token traded for a session through HandshakeSessionResource. Reloads the page.
 */
export async function signInPage(page: Page, deps: Deps, userId: string): Promise<void> {
  const token = await issueToken(deps, userId, 'handshake');
  const status = await page.evaluate(async (handshake) => {
    const csrf =
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('csrftoken='))
        ?.slice('csrftoken='.length) ?? '';
    const response = await fetch('/resource/HandshakeSessionResource/create/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRFToken': decodeURIComponent(csrf) },
      body: new URLSearchParams({ data: JSON.stringify({ options: { token: handshake, isRegistration: false }, context: {} }) }).toString(),
    });
    return response.status;
  }, token);
  if (status !== 200) throw new Error(`sign-in failed: ${status}`);
  await page.reload();
  await page.waitForSelector(HYDRATED);
}

/** A real PNG of the given size and colour, for a file input. */
export async function pngFile(name: string, width: number, height: number, colour: string) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

export type MemberPage = { page: Page; problems: { messages: string[] }; close: () => Promise<void> };

/** A new browser context signed in as `userId`, on `path` once hydrated (CSP bypassed for fixture sites). */
export async function openMemberPage(
  suite: { browser: Browser; url: string; deps: () => Deps },
  userId: string,
  path: string,
  viewport: Viewport = VIEWPORTS.desktop,
): Promise<MemberPage> {
  const context = await suite.browser.newContext({ viewport, locale: 'en-US', bypassCSP: true });
  await answerCookieBanner(context, suite.url);
  const { page, problems } = await openPage(context);
  // A step that cannot happen fails with its own message rather than the test's timeout.
  page.setDefaultTimeout(8000);
  await page.goto(suite.url + '/');
  await page.waitForSelector(HYDRATED);
  await signInPage(page, suite.deps(), userId);
  await page.goto(suite.url + path);
  await page.waitForSelector(HYDRATED);
  return { page, problems, close: () => context.close() };
}
