import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { totpAt } from '../../src/server/auth/totp.ts';
import { waitForOutboxMail } from '../support/app.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS, type Viewport } from '../support/browser.ts';
import { browserSuite, HYDRATED, type Visit } from '../support/browser-suite.ts';

const TWO_FACTOR_PATH = '/settings/security/two-factor';

/** Failed requests the browser reports on its console; a test names the statuses it provoked. */
const failedRequest = (status: number) => (message: string) => message.includes(`status of ${status}`);

/** The code of the step `offset` steps from now: +1 is still accepted and later than a code just spent. */
const codeAt = (secret: string, offset = 0) => totpAt(secret, Date.now() + offset * 30_000) ?? '';

const wrongCode = (secret: string) => ([-1, 0, 1].map((offset) => codeAt(secret, offset)).includes('000000') ? '111111' : '000000');

describe.skipIf(!chromiumAvailable())('two-factor authentication in a browser', () => {
  const suite = browserSuite();

  // bypassCSP lets axe-core in; the pages themselves run the same either way.
  const visit = (path: string, viewport: Viewport): Promise<Visit> => suite.visit(path, viewport, { bypassCSP: true });

  async function signUp(page: Page, email: string, password: string, firstName: string): Promise<void> {
    await suite.signUp(page, { email, password, firstName });
    await page.getByRole('dialog', { name: 'Verify your email' }).getByRole('button', { name: 'Got it' }).click();
  }

  /** Signs up through the form, then opens the mailed verification link. */
  async function signUpVerified(page: Page, email: string, password: string, firstName: string): Promise<void> {
    await signUp(page, email, password, firstName);
    const [mail] = await waitForOutboxMail(suite.server.config, email);
    const link = /https?:\/\/\S+\/email\/verify\/\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await page.getByText('Thanks! Your email address is verified.').waitFor();
  }

  /** Opens the two-factor page, starts the setup and answers the secret the page shows. */
  async function startSetup(page: Page, email: string): Promise<string> {
    await page.goto(suite.url + TWO_FACTOR_PATH);
    await page.waitForSelector(HYDRATED);
    await page.getByRole('heading', { name: 'Two-factor authentication', level: 1 }).waitFor();
    await page.getByText('Two-factor authentication is off.').waitFor();
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const shown = await page.getByRole('code').innerText();
    expect(shown).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const secret = shown.replace(/\s/g, '');
    const link = page.getByRole('link', { name: 'Open in an authenticator app on this device' });
    expect(await link.getAttribute('href')).toBe(`otpauth://totp/Corkboard:${encodeURIComponent(email)}?secret=${secret}&issuer=Corkboard`);
    return secret;
  }

  async function fillCodeAndPassword(page: Page, code: string, password: string, submit: string): Promise<void> {
    await page.getByLabel('6-digit code').fill(code);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: submit, exact: true }).click();
  }

  it('turns two-factor on, then logs in with a code from the app', async () => {
    const { context, page, problems } = await visit('/', VIEWPORTS.desktop);
    await signUpVerified(page, 'tess@example.com', 'tess passphrase', 'Tess');
    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.getByRole('navigation', { name: 'Settings' }).first().getByRole('link', { name: 'Two-factor authentication' }).click();
    await page.waitForURL(suite.url + TWO_FACTOR_PATH);
    await page.getByText('Two-factor authentication is off.').waitFor();
    expect(await page.title()).toBe('Two-factor authentication | Corkboard');
    await screenshot(page, 'mfa-off-desktop');

    const secret = await startSetup(page, 'tess@example.com');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'mfa-setup-desktop');

    await fillCodeAndPassword(page, wrongCode(secret), 'tess passphrase', 'Turn on');
    await page.getByText('The code you entered is incorrect.').waitFor();
    await fillCodeAndPassword(page, codeAt(secret), 'not my passphrase', 'Turn on');
    await page.getByText('The password you entered is incorrect.').waitFor();
    await screenshot(page, 'mfa-setup-errors-desktop');
    // Kept: recomputing it later could give the next window's fresh code on a slow run.
    const spent = codeAt(secret);
    await fillCodeAndPassword(page, spent, 'tess passphrase', 'Turn on');
    await page.getByText('All set. You were signed out everywhere else', { exact: false }).waitFor();
    await page.getByText('Two-factor authentication is on.', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Turn off two-factor authentication' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'mfa-on-desktop');

    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Get your next great idea' }).waitFor();
    await page.goto(`${suite.url}/login`);
    await page.waitForSelector(HYDRATED);
    await page.getByLabel('Email or username').fill('tess@example.com');
    await page.getByLabel('Password').fill('tess passphrase');
    await page.getByRole('button', { name: 'Log in' }).click();
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    await page.getByRole('heading', { name: 'Two-factor authentication', level: 1 }).waitFor();
    expect(await code.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'mfa-login-code-desktop');

    // The code that turned it on was spent; a mistyped one is refused and can be retried.
    await code.fill(spent);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The code you entered is incorrect.').waitFor();
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'mfa-login-code-phone');
    await code.fill(codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Welcome, Tess' }).waitFor();
    expect(problems.messages.filter((m) => !failedRequest(401)(m))).toEqual([]);
    await context.close();
  });

  it('asks for a verified email first', async () => {
    const { context, page, problems } = await visit('/', VIEWPORTS.desktop);
    await signUp(page, 'ned@example.com', 'ned passphrase', 'Ned');
    await page.goto(suite.url + TWO_FACTOR_PATH);
    await page.waitForSelector(HYDRATED);
    await page.getByText('Verify your email address before you turn on two-factor authentication', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Turn on two-factor authentication' }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'mfa-needs-email-desktop');
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('on a phone: sets it up, turns it off with the password and a code', async () => {
    const { context, page, problems } = await visit('/', VIEWPORTS.phone);
    await signUpVerified(page, 'pho@example.com', 'pho passphrase', 'Pho');
    const secret = await startSetup(page, 'pho@example.com');
    await screenshot(page, 'mfa-setup-phone');
    await page.getByLabel('6-digit code').scrollIntoViewIfNeeded();
    await screenshot(page, 'mfa-setup-form-phone');
    await fillCodeAndPassword(page, codeAt(secret), 'pho passphrase', 'Turn on');
    await page.getByText('Two-factor authentication is on.', { exact: true }).waitFor();
    await screenshot(page, 'mfa-on-phone');

    await fillCodeAndPassword(page, codeAt(secret, 1), 'wrong passphrase', 'Turn off');
    await page.getByText('The password you entered is incorrect.').waitFor();
    await fillCodeAndPassword(page, codeAt(secret, 1), 'pho passphrase', 'Turn off');
    await page.getByText('Two-factor authentication was turned off.').waitFor();
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).waitFor();
    await screenshot(page, 'mfa-turned-off-phone');
    expect(problems.messages.filter((m) => !failedRequest(401)(m))).toEqual([]);
    await context.close();
  });
});
