import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForOutboxMail } from '../support/app.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';

const RESET_PATH = '/password/reset';

/** Failed requests the browser reports on its console; a test names the statuses it provoked. */
const failedRequest = (status: number) => (message: string) => message.includes(`status of ${status}`);

const viewerOf = (page: Page) =>
  page.evaluate(() => (JSON.parse(document.getElementById('cb-state')?.textContent ?? '{}') as { viewer?: { email?: string } | null }).viewer ?? null);

describe.skipIf(!chromiumAvailable())('password reset in a browser', () => {
  const suite = browserSuite();

  it('forgot password at phone size: the mailed link sets a new password, ends the old session, and works once', async () => {
    const email = 'rosa@example.com';
    const laptop = await suite.visit('/', VIEWPORTS.desktop);
    await suite.signUp(laptop.page, { email, password: 'first password', firstName: 'Rosa' });
    // Rosa verified her address long ago: the verify-email dialog of a new account would otherwise
    // open over the reset page once she is signed in on the phone, at whatever moment it loads.
    await suite.server.server.deps.db.updateTable('users').set({ email_verified_at: Date.now() }).where('email', '=', email).execute();

    // bypassCSP lets axe-core in; the pages run the same either way.
    const { context, page, problems } = await suite.visit('/login', VIEWPORTS.phone, { bypassCSP: true });
    await screenshot(page, 'password-reset-login-link-phone');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(suite.url + RESET_PATH);
    await page.waitForSelector(HYDRATED);
    await page.getByRole('heading', { name: 'Reset your password', level: 1 }).waitFor();
    expect(await page.title()).toBe('Reset your password | Corkboard');
    await screenshot(page, 'password-reset-request-phone');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Required').waitFor();
    await page.getByLabel('Email').fill('Rosa@Example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText('If an account uses that email, we sent a link to reset its password.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'password-reset-sent-phone');

    // The sign-up's verification mail comes first, then the reset link.
    const mails = await waitForOutboxMail(suite.server.config, email, 2);
    const mail = mails.find((m) => m.subject === 'Reset your Corkboard password');
    const link = /https?:\/\/\S+\/password\/reset\/\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await page.waitForSelector(HYDRATED);
    await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
    await screenshot(page, 'password-reset-new-phone');
    await page.getByLabel('New password', { exact: true }).fill('second password');
    await page.getByLabel('Confirm new password').fill('something else');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Please make sure your passwords match').waitFor();
    await page.getByLabel('Confirm new password').fill('second password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password was reset. Log in with your new password.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'password-reset-done-phone');

    // The laptop's session ended with the reset.
    await laptop.page.reload();
    await laptop.page.waitForSelector(HYDRATED);
    expect(await viewerOf(laptop.page)).toBeNull();

    await page.getByRole('status').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(suite.url + '/login');
    await page.waitForSelector(HYDRATED);
    await page.getByLabel('Email or username').fill(email);
    await page.getByLabel('Password').fill('second password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(suite.url + '/');
    await page.waitForSelector(HYDRATED);
    expect(await viewerOf(page)).toMatchObject({ email });

    // The link was spent.
    await page.goto(link ?? '');
    await page.waitForSelector(HYDRATED);
    await page.getByLabel('New password', { exact: true }).fill('third password');
    await page.getByLabel('Confirm new password').fill('third password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('alert').getByText('This link is invalid or has expired.').waitFor();
    expect(await page.getByRole('link', { name: 'Send a new link' }).getAttribute('href')).toBe(RESET_PATH);
    expect(problems.messages.filter((m) => !failedRequest(401)(m))).toEqual([]);
    await context.close();
    await laptop.context.close();
  });

  it('lays both pages out at desktop size', async () => {
    const { context, page, problems } = await suite.visit(RESET_PATH, VIEWPORTS.desktop);
    await page.getByRole('heading', { name: 'Reset your password', level: 1 }).waitFor();
    await screenshot(page, 'password-reset-request-desktop');
    await page.goto(`${suite.url}${RESET_PATH}/?token=not-a-real-token`);
    await page.waitForSelector(HYDRATED);
    await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
    await screenshot(page, 'password-reset-new-desktop');
    expect(problems.messages).toEqual([]);
    await context.close();
  });
});
