import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; the browser tests need no download of their own. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumAvailable(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS, headless: true });
}

export type Viewport = { width: number; height: number };

export const VIEWPORTS: { desktop: Viewport; phone: Viewport } = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

export type ConsoleProblems = { messages: string[] };

/**
 * A page that records every console error, warning and uncaught exception, so a test can assert none
 * happened. Failed requests the test caused on purpose (offline) are its own to filter.
 */
export async function openPage(context: BrowserContext): Promise<{ page: Page; problems: ConsoleProblems }> {
  const page = await context.newPage();
  const problems: ConsoleProblems = { messages: [] };
  page.on('console', (message) => {
    // Warnings count too: a hydration mismatch is reported as one.
    if (message.type() === 'error' || message.type() === 'warning') problems.messages.push(message.text());
  });
  page.on('pageerror', (error) => problems.messages.push(`pageerror: ${error.message}`));
  return { page, problems };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
}
