import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { waitForOutboxMail } from '../support/app.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';

const PASSWORD_PATH = '/settings/edit/password';
const TOKENS_PATH = '/settings/security/tokens';
const PROFILE_PATH = '/settings/profile';
const EIGHT_DAYS_MS = 8 * 24 * 60 * 60 * 1000;

/** Failed requests the browser reports on its console; a test names the statuses it provoked. */
const failedRequest = (status: number) => (message: string) => message.includes(`status of ${status}`);

describe.skipIf(!chromiumAvailable())('settings in a browser', () => {
  const suite = browserSuite();

  async function signUp(page: Page, email: string, password: string, firstName: string): Promise<void> {
    await suite.signUp(page, { email, password, firstName });
    await page.getByRole('dialog', { name: 'Verify your email' }).getByRole('button', { name: 'Got it' }).click();
    // Onboarding is done (suite.signUp answers it); its page then leads home.
    await page.goto(`${suite.url}/`);
    await page.waitForSelector(HYDRATED);
    await page.getByRole('heading', { name: `Welcome, ${firstName}` }).waitFor();
  }

  /** Fills the login form a redirect (or a link) opened. */
  async function logIn(page: Page, email: string, password: string): Promise<void> {
    await page.waitForSelector(HYDRATED);
    await page.getByLabel('Email or username').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  const bearerMe = (token: string) => fetch(`${suite.url}/v3/users/me/`, { headers: { authorization: `Bearer ${token}` } });

  it('sends a visitor to log in first, with the settings page as next', async () => {
    const response = await fetch(suite.url + PASSWORD_PATH, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?next=%2Fsettings%2Fedit%2Fpassword');
  });

  it('edits the profile from the profile page: photo, name, about and website show on the profile and in search', async () => {
    // bypassCSP lets axe-core in; the page runs the same either way.
    const { context, page, problems } = await suite.visit('/', VIEWPORTS.desktop, { bypassCSP: true });
    await signUp(page, 'ines@example.com', 'ines passphrase', 'Ines');
    const username = await page.evaluate(
      () => (JSON.parse(document.getElementById('cb-state')?.textContent ?? '{}') as { viewer?: { username?: string } }).viewer?.username ?? '',
    );
    expect(username).not.toBe('');
    await page.goto(`${suite.url}/${username}/`);
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await page.waitForURL(suite.url + PROFILE_PATH);
    await page.getByRole('heading', { name: 'Edit profile', level: 1 }).waitFor();
    expect(await page.title()).toBe('Edit profile | Corkboard');
    expect(await page.getByLabel('First name').inputValue()).toBe('Ines');

    await page.getByLabel('Website').fill('gopher://not-a-site');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter a valid URL' }).waitFor();

    const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    await page.getByLabel('Last name').fill('Marchetti');
    await page.getByLabel('About').fill('Ceramics, tiles and blue glazes.');
    await page.getByLabel('Website').fill('https://ines.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your profile was saved.').waitFor();
    // The header shows the new picture at once, without a reload.
    expect(await page.getByRole('button', { name: 'Your account' }).locator('img').getAttribute('src')).toMatch(/\/media\//);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'settings-profile-saved-desktop');

    await page.goto(`${suite.url}/${username}/`);
    await page.getByRole('heading', { name: 'Ines Marchetti', level: 1 }).waitFor();
    await page.getByText('Ceramics, tiles and blue glazes.').waitFor();
    expect(await page.getByRole('link', { name: 'ines.example' }).getAttribute('href')).toBe('https://ines.example');
    expect(await page.locator('header img').first().getAttribute('src')).toMatch(/\/media\//);
    await screenshot(page, 'settings-profile-shown-desktop');
    const people = await fetch(
      `${suite.url}/resource/BaseSearchResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { query: 'marchetti', scope: 'users' }, context: {} }))}`,
    );
    const found = ((await people.json()) as { resource_response: { data: { results: { username: string }[] } } }).resource_response.data.results;
    expect(found.map((r) => r.username)).toEqual([username]);
    expect(problems.messages.filter((m) => !failedRequest(400)(m))).toEqual([]);
    await context.close();
  });

  it('changes the password, which signs the other browser out; creates, uses and revokes an access token', async () => {
    const { context, page, problems } = await suite.visit('/');
    await signUp(page, 'lin@example.com', 'first passphrase', 'Lin');

    // A second browser signed in to the same account; it refreshes its session token on load.
    const other = await suite.visit('/login');
    const refreshes: string[] = [];
    other.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/refresh_token') refreshes.push(request.url());
    });
    await logIn(other.page, 'lin@example.com', 'first passphrase');
    await other.page.getByRole('heading', { name: 'Welcome, Lin' }).waitFor();
    await other.page.waitForSelector(HYDRATED);
    const days = await other.page.evaluate(
      () => (JSON.parse(document.getElementById('cb-bootstrap')?.textContent ?? '{}') as { daysToExpiration?: number }).daysToExpiration,
    );
    expect(days).toBe(30);
    await expect.poll(() => refreshes.length).toBe(1);

    await page.getByRole('button', { name: 'Your account' }).click();
    await screenshot(page, 'settings-account-menu-desktop');
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.waitForURL(suite.url + PASSWORD_PATH);
    await page.getByRole('heading', { name: 'Change password', level: 1 }).waitFor();
    expect(await page.locator('#account-menu').isVisible()).toBe(false);
    expect(await page.title()).toBe('Change password | Corkboard');
    expect(
      await page.getByRole('navigation', { name: 'Settings' }).first().getByRole('link', { name: 'Password', exact: true }).getAttribute('aria-current'),
    ).toBe('page');

    const current = page.getByLabel('Current password');
    const fresh = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    await current.fill('first passphrase');
    await fresh.fill('short');
    await confirm.fill('other');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Your password is too short! You need 8+ characters.').waitFor();
    await page.getByText('Please make sure your passwords match').waitFor();
    await screenshot(page, 'settings-password-errors-desktop');

    await current.fill('not my passphrase');
    await fresh.fill('second passphrase');
    await confirm.fill('second passphrase');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('The password you entered is incorrect.').waitFor();

    await current.fill('first passphrase');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Your password was changed. You were signed out everywhere else.').waitFor();
    expect(await current.inputValue()).toBe('');
    await screenshot(page, 'settings-password-desktop');

    // The other browser's session has ended: it is signed out, and settings send it to log in.
    await other.page.reload();
    await other.page.waitForSelector(HYDRATED);
    await other.page.getByRole('main').getByRole('link', { name: 'Log in' }).waitFor();
    await other.page.goto(suite.url + TOKENS_PATH);
    await other.page.waitForURL(`${suite.url}/login?next=%2Fsettings%2Fsecurity%2Ftokens`);
    await logIn(other.page, 'lin@example.com', 'first passphrase');
    await other.page.getByText('The password you entered is incorrect.').waitFor();
    await other.page.getByLabel('Password').fill('second passphrase');
    await other.page.getByRole('button', { name: 'Log in' }).click();
    await other.page.waitForURL(suite.url + TOKENS_PATH);
    await other.page.getByRole('heading', { name: 'Access tokens', level: 1 }).waitFor();
    expect(other.problems.messages.filter((m) => !failedRequest(401)(m))).toEqual([]);
    await other.context.close();

    await page.getByRole('navigation', { name: 'Settings' }).first().getByRole('link', { name: 'Access tokens' }).click();
    await page.waitForURL(suite.url + TOKENS_PATH);
    await page.getByText('You have no access tokens.').waitFor();
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('Required').waitFor();
    await page.getByLabel('Token name').fill('Backup script');
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = page.getByLabel('Access token', { exact: true });
    await secret.waitFor();
    await page.getByText("Copy it now: you won't be able to see it again.").waitFor();
    const token = await secret.inputValue();
    expect(token).toMatch(/^cbpat_/);
    await screenshot(page, 'settings-tokens-new-desktop');

    const me = await bearerMe(token);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ data: { email: 'lin@example.com' } });

    await page.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await page.waitForSelector(HYDRATED);
    const item = page.getByRole('listitem').filter({ hasText: 'Backup script' });
    await item.getByText(/^Last used /).waitFor();
    await screenshot(page, 'settings-tokens-desktop');

    await item.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke "Backup script"?' });
    await dialog.waitFor();
    await screenshot(page, 'settings-revoke-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await bearerMe(token)).status).toBe(200);

    await item.getByRole('button', { name: 'Revoke' }).click();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Token revoked').waitFor();
    await page.getByText('You have no access tokens.').waitFor();
    expect((await bearerMe(token)).status).toBe(401);

    await page.setViewportSize(VIEWPORTS.phone);
    await page.reload();
    await page.waitForSelector(HYDRATED);
    await page.getByLabel('Token name').fill('Phone shortcut');
    await page.getByRole('button', { name: 'Create token' }).click();
    await secret.waitFor();
    await screenshot(page, 'settings-tokens-new-phone');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Phone shortcut' }).waitFor();
    await screenshot(page, 'settings-tokens-phone');
    // On a phone the settings navigation is one button naming the area shown; it opens the list.
    const nav = page.getByRole('navigation', { name: 'Settings' }).first();
    await nav.getByRole('button', { name: /Access tokens/ }).click();
    await nav.getByRole('link', { name: 'Password', exact: true }).click();
    await page.getByLabel('Current password').waitFor();
    await screenshot(page, 'settings-password-phone');
    expect(problems.messages.filter((m) => !failedRequest(401)(m))).toEqual([]);
    await context.close();
  });

  it('prompts a limited-login viewer to verify, refuses a token, and brings them back after verification', async () => {
    const setup = await suite.visit('/', VIEWPORTS.phone);
    await signUp(setup.page, 'max@example.com', 'max passphrase', 'Max');
    await setup.context.close();
    // Unverified a week after sign-up: the next login is a limited one.
    await suite.server.server.deps.db
      .updateTable('users')
      .set({ created_at: Date.now() - EIGHT_DAYS_MS })
      .where('email', '=', 'max@example.com')
      .execute();

    const { context, page, problems } = await suite.visit(TOKENS_PATH, VIEWPORTS.phone);
    await page.waitForURL(`${suite.url}/login?next=%2Fsettings%2Fsecurity%2Ftokens`);
    await logIn(page, 'max@example.com', 'max passphrase');
    await page.waitForURL(suite.url + TOKENS_PATH);
    const prompt = page.getByRole('dialog', { name: 'Verify your email to continue' });
    await prompt.waitFor();
    await page.getByText('Your account has limited access until you verify max@example.com.', { exact: false }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Verify your email', exact: true }).count()).toBe(0);
    await screenshot(page, 'settings-limited-prompt-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'settings-limited-prompt-desktop');
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await prompt.waitFor({ state: 'hidden' });

    await page.getByLabel('Token name').fill('Nightly export');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please verify your email to continue.' }).waitFor();
    await screenshot(page, 'settings-tokens-limited-desktop');

    const [mail] = await waitForOutboxMail(suite.server.config, 'max@example.com');
    const link = /https?:\/\/\S+\/email\/verify\/\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await page.getByText('Thanks! Your email address is verified.').waitFor();
    await page.waitForURL(suite.url + TOKENS_PATH);
    await page.getByLabel('Token name').fill('Nightly export');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByLabel('Access token', { exact: true }).waitFor();
    expect(problems.messages.filter((m) => !failedRequest(403)(m))).toEqual([]);
    await context.close();
  });
});
