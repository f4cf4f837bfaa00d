import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, watchLayoutShifts } from '../support/axe.ts';
import { CHROMIUM_PATH, chromiumAvailable, openPage, VIEWPORTS, type Viewport } from '../support/browser.ts';
import { answerCookieBanner, browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { instanceKeys } from '../../src/server/notifications/instance-keys.ts';
import { makeUser } from '../support/factories.ts';
import { signInPage } from '../support/members.ts';

/**
 * Push on this device (docs/decisions/0053-push-and-email.md): on the notification settings page a
 * member with notifications allowed presses the button; the service worker registers at the site
 * root and the device's subscription is stored for them; pressing again takes it away.
 */
describe.skipIf(!chromiumAvailable())('push on this device in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;

  /**
   * Chromium has no Push API in its incognito contexts (what browser.newContext makes): this test
   * runs a browser with a profile on disk, notifications granted as if the member had said yes.
   * That browser's own push service (Google's) is out of reach here, so PushManager's subscribe
   * stands in for it, as the contract tests' push service does for sending: it answers a
   * subscription with real keys and records the application server key the page gave it.
   */
  async function openProfileBrowser(userId: string, viewport: Viewport) {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-push-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
      viewport,
      locale: 'en-US',
      permissions: ['notifications'],
    });
    await answerCookieBanner(context, suite.url);
    const device = crypto.createECDH('prime256v1');
    device.generateKeys();
    const keys = { p256dh: device.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
    await context.addInitScript((given) => {
      let current: PushSubscription | null = null;
      const given_ = given;
      PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        const keyBytes = key instanceof Uint8Array ? key : new Uint8Array(0);
        const endpoint = `https://push.example.test/${keyBytes.length}/${btoa(Array.from(keyBytes, (b) => String.fromCharCode(b)).join(''))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '')}`;
        current = {
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: null },
          getKey: () => null,
          toJSON: () => ({ endpoint, keys: given_ }),
          unsubscribe: () => {
            current = null;
            return Promise.resolve(true);
          },
        };
        return Promise.resolve(current);
      };
      PushManager.prototype.getSubscription = () => Promise.resolve(current);
    }, keys);
    const { page, problems } = await openPage(context);
    // A refused call names its address next to the console's bare status line.
    page.on('response', (response) => {
      if (response.status() >= 400) problems.messages.push(`${response.status()} ${response.url()}`);
    });
    page.setDefaultTimeout(8000);
    await page.goto(`${suite.url}/`);
    await page.waitForSelector(HYDRATED);
    await signInPage(page, deps(), userId);
    await page.goto(`${suite.url}/settings/notifications`);
    await page.waitForSelector(HYDRATED);
    return {
      page,
      problems,
      close: async () => {
        await context.close();
        fs.rmSync(profile, { recursive: true, force: true });
      },
    };
  }

  for (const size of ['desktop', 'phone'] as const) {
    it(`at ${size} size: turning push on registers the service worker and stores the subscription`, async () => {
      const member = await makeUser(deps(), `Pia${size}`);
      const visit = await openProfileBrowser(member.id, VIEWPORTS[size]);
      const layoutShifts = await watchLayoutShifts(visit.page);
      await visit.page.reload();
      await visit.page.waitForSelector(HYDRATED);
      const device = visit.page.getByTestId('push-device');
      await device.getByText('This device does not receive your news by push.').waitFor();
      expect(await accessibilityViolations(visit.page)).toEqual([]);

      await device.getByRole('button', { name: 'Turn on push on this device' }).click();
      await device.getByText('This device receives your news by push.').waitFor({ timeout: 20_000 });
      const scope = await visit.page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/push-worker.js'))?.scope);
      expect(scope).toBe(`${suite.url}/`);
      const stored = await deps().db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh']).where('user_id', '=', member.id).execute();
      expect(stored).toHaveLength(1);
      // The page subscribed with the instance's VAPID public key (65 bytes), as the push service would check.
      const { publicKey } = (await instanceKeys(deps())).vapid;
      expect(stored[0]?.endpoint).toBe(`https://push.example.test/65/${publicKey}`);

      await device.getByRole('button', { name: 'Turn off push on this device' }).click();
      await device.getByText('This device does not receive your news by push.').waitFor();
      expect(await deps().db.selectFrom('push_subscriptions').select('id').where('user_id', '=', member.id).execute()).toEqual([]);
      expect(await layoutShifts()).toEqual([]);
      expect(visit.problems.messages).toEqual([]);
      await visit.close();
    });
  }
});
