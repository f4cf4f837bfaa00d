import { describe, expect, it } from 'vitest';
import { chromiumAvailable, openPage, screenshot, VIEWPORTS } from '../support/browser.ts';
import { waitForOutboxMail } from '../support/app.ts';
import { browserSuite, finishOnboarding, HYDRATED } from '../support/browser-suite.ts';

describe.skipIf(!chromiumAvailable())('app shell in a browser', () => {
  const suite = browserSuite();

  it('serves the home page rendered on the server, then hydrates it', async () => {
    const response = await fetch(`${suite.url}/`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('x-app-version')).toMatch(/^[0-9a-f]{12}$/);
    expect(html).toContain('Get your next great idea');
    expect(html).toContain('id="cb-bootstrap"');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/">/);
    expect(html).not.toMatch(/<script>|<script type="text\/javascript">/);

    const { context, page, problems } = await suite.visit('/');
    await expect(page.getByRole('heading', { name: 'Get your next great idea' }).isVisible()).resolves.toBe(true);
    expect(await page.title()).toBe('Corkboard');
    await screenshot(page, 'home-desktop');
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('serves hashed assets as immutable and answers the state endpoint', async () => {
    const html = await (await fetch(`${suite.url}/`)).text();
    const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1] ?? '';
    const asset = await fetch(suite.url + script, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const state = await fetch(`${suite.url}/_/_/state?source_url=${encodeURIComponent('/?utm_pai=1')}`);
    expect(await state.json()).toMatchObject({ session: { isAuthenticated: false, isPaidTraffic: true }, viewer: null });
  });

  it('lays the home page out for a phone', async () => {
    const { context, page, problems } = await suite.visit('/', VIEWPORTS.phone);
    const header = await page.locator('header').boundingBox();
    expect(header?.height).toBe(56);
    await screenshot(page, 'home-phone');
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('shows the offline toast and banner, then the back-online banner for 2 seconds', async () => {
    const { context, page, problems } = await suite.visit('/');
    await context.setOffline(true);
    await page.getByText("You're offline! Check your internet connection.").waitFor();
    await page.getByText("Hmm...you're not connected to the internet").waitFor();
    await screenshot(page, 'offline-desktop');
    await context.setOffline(false);
    const backOnline = page.getByText("You're back online!");
    await backOnline.waitFor();
    const shownAt = Date.now();
    await backOnline.waitFor({ state: 'detached', timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1500);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('puts toasts at the top, below the header, on a phone', async () => {
    const { context, page } = await suite.visit('/', VIEWPORTS.phone);
    await context.setOffline(true);
    const toast = page.getByText("Hmm...you're not connected to the internet");
    await toast.waitFor();
    const region = await page.getByTestId('toasts').boundingBox();
    expect(region?.y).toBe(56);
    await screenshot(page, 'offline-phone');
    await context.setOffline(false);
    await context.close();
  });

  it('renders Arabic right to left with ?locale=ar_SA', async () => {
    const { context, page, problems } = await suite.visit('/?locale=ar_SA');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar-SA');
    await page.getByRole('heading', { name: 'احصل على فكرتك الرائعة التالية' }).waitFor();
    const logo = await page.getByRole('link', { name: 'الصفحة الرئيسية لـ Corkboard' }).boundingBox();
    expect(logo?.x).toBeGreaterThan(VIEWPORTS.desktop.width / 2);
    await screenshot(page, 'home-ar-desktop');
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('confirms a verified email with a toast and drops the parameter', async () => {
    const { context, page, problems } = await suite.visit('/?email_verified=1', VIEWPORTS.phone);
    await page.getByText('Thanks! Your email address is verified.').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('answers an unknown path with the not-found page and HTTP 404', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const { page, problems } = await openPage(context);
    const response = await page.goto(`${suite.url}/no/such/page/here`);
    expect(response?.status()).toBe(404);
    await page.waitForSelector(HYDRATED);
    await page.getByRole('heading', { name: "We couldn't find that page" }).waitFor();
    await screenshot(page, 'not-found-desktop');
    // The browser reports the 404 document itself as a failed resource; nothing else may fail.
    expect(problems.messages.filter((m) => !m.includes('404'))).toEqual([]);
    await context.close();
  });

  it('navigates inside the app without reloading and restores the scroll position on back', async () => {
    // A short window, so the landing page scrolls (on an instance without pins it is the sign-up prompt alone).
    const { context, page, problems } = await suite.visit('/', { width: 390, height: 300 });
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'same document';
      window.scrollTo(0, 200);
    });
    await page.waitForFunction(() => window.scrollY > 100);
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(`${suite.url}/login`);
    await page.getByRole('heading', { name: 'Welcome to Corkboard' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.title()).toBe('Log in | Corkboard');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
    await page.goBack();
    await page.getByRole('heading', { name: 'Get your next great idea' }).waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, scrolled);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('signs up, asks to verify the email, resends it, and logs out', async () => {
    const { context, page, problems } = await suite.visit('/signup');
    await screenshot(page, 'signup-desktop');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Create a password').fill('short');
    await page.getByLabel('Birthday').fill('1990-04-01');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Your password is too short! You need 8+ characters.').waitFor();
    await page.getByLabel('Create a password').fill('a sturdy passphrase');
    await page.getByLabel('First name').fill('Ada');
    await page.getByRole('button', { name: 'Continue' }).click();

    const dialog = page.getByRole('dialog', { name: 'Verify your email' });
    await dialog.waitFor();
    await page.waitForSelector(HYDRATED);
    await screenshot(page, 'verify-email-desktop');
    await dialog.getByRole('button', { name: 'Resend email' }).click();
    const sent = dialog.getByRole('button', { name: 'Email sent' });
    await sent.waitFor();
    expect(await sent.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // A new member starts at onboarding (its own journey is tests/e2e/onboarding.test.ts); answered, home.
    await page.getByRole('heading', { name: 'Welcome to Corkboard, Ada!' }).waitFor();
    await finishOnboarding(page);
    await page.goto(`${suite.url}/`);
    await page.waitForSelector(HYDRATED);
    await page.getByRole('heading', { name: 'Welcome, Ada' }).waitFor();
    await screenshot(page, 'home-member-desktop');

    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByText('ada@example.com', { exact: true }).waitFor();
    await screenshot(page, 'account-menu-desktop');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Get your next great idea' }).waitFor();
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('after a birthday under 13, says why this browser cannot sign up and for how long', async () => {
    const { context, page, problems } = await suite.visit('/signup');
    await page.getByLabel('Email').fill('young@example.com');
    await page.getByLabel('Create a password').fill('a sturdy passphrase');
    await page.getByLabel('Birthday').fill(`${new Date().getFullYear() - 10}-01-01`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('You must be at least 13 years old to use Corkboard.').waitFor();
    const notice = 'Because a birthday under 13 was entered, sign-up is closed on this browser for 24 hours from that try.';
    await page.getByText(notice).waitFor();
    await page.reload();
    await page.waitForSelector(HYDRATED);
    await page.getByText(notice).waitFor();
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    expect(problems.messages).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
    await context.close();
  });

  it('after logging in with a next that normalises to another host, lands on the home page', async () => {
    const { context, page, problems } = await suite.visit('/signup');
    await suite.signUp(page, { email: 'hedy@example.com', password: 'frequency hopping', firstName: 'Hedy' });
    await context.clearCookies();
    await page.goto(`${suite.url}/login?next=%2F.%2F%2Fevil.example%2F`);
    await page.waitForSelector(HYDRATED);
    await page.getByLabel('Email or username').fill('hedy@example.com');
    await page.getByLabel('Password').fill('frequency hopping');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Hedy' }).waitFor();
    expect(page.url()).toBe(`${suite.url}/`);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('verifies the email through the link in the outbox, then logs in again after a wrong password', async () => {
    const { context, page, problems } = await suite.visit('/signup');
    await suite.signUp(page, { email: 'grace@example.com', password: 'compilers all the way', firstName: 'Grace', birthday: '1986-12-09' });

    const [mail] = await waitForOutboxMail(suite.server.config, 'grace@example.com');
    const link = /https?:\/\/\S+\/email\/verify\/\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await page.getByText('Thanks! Your email address is verified.').waitFor();
    await page.waitForSelector(HYDRATED);
    expect(await page.getByRole('dialog', { name: 'Verify your email' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Get your next great idea' }).waitFor();

    await page.getByRole('link', { name: 'Log in' }).first().click();
    await page.getByLabel('Email or username').fill('grace@example.com');
    await page.getByLabel('Password').fill('not her password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('The password you entered is incorrect.').waitFor();
    await screenshot(page, 'login-wrong-password-desktop');

    await page.getByLabel('Password').fill('compilers all the way');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
    // The wrong password answers 401, which Chromium reports on the console; nothing else may.
    expect(problems.messages).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
    await context.close();
  });

  it('reloads the whole page on the next navigation once a response names a new app version', async () => {
    const { context, page } = await suite.visit('/login');
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'this document';
    });
    // The server is redeployed: its next answer carries another version.
    await page.route('**/v3/login/handshake/', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'x-app-version': 'a-new-version' } });
    });
    await page.getByLabel('Email or username').fill('nobody@example.com');
    await page.getByLabel('Password').fill('whatever it is');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('The password you entered is incorrect.').waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('this document');

    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(`${suite.url}/signup`);
    await page.waitForSelector(HYDRATED);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
    await context.close();
  });
});
