import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { waitForOutboxMail } from '../support/app.ts';
import { chromiumAvailable, VIEWPORTS, type Viewport } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makePin, makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';

/** The feedback modal from the account menu: blank text finishes with no call, then a real message is stored. */
async function sendFeedback(page: Page): Promise<void> {
  const feedbackCalls = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/v3/analytics/feedback/')).length);
  const open = async () => {
    await page.getByRole('button', { name: 'Your account' }).click();
    await page.locator('#account-menu').getByRole('button', { name: 'Give feedback' }).click();
    return page.getByRole('dialog', { name: 'Give feedback' });
  };
  let modal = await open();
  await modal.getByLabel('What would you like to tell us?').fill('   ');
  await modal.getByRole('button', { name: 'Send' }).click();
  await modal.getByText('Thanks for your feedback!').waitFor();
  expect(await feedbackCalls()).toBe(0);
  await modal.getByRole('button', { name: 'Done' }).click();
  modal = await open();
  await modal.getByLabel('What would you like to tell us?').fill('Reporting works nicely');
  const sent = page.waitForResponse((r) => r.url().includes('/v3/analytics/feedback/'));
  await modal.getByRole('button', { name: 'Send' }).click();
  expect((await sent).ok()).toBe(true);
  await modal.getByText('Thanks for your feedback!').waitFor();
  await modal.getByRole('button', { name: 'Done' }).click();
}

/** A member reports a pin from its closeup; an operator hides it from the queue; the reporter is told. On a desktop the member also sends feedback, which the operator reads. */
describe.skipIf(!chromiumAvailable())('reports and the moderation queue in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;
  const open = (user: TestUser, path: string, viewport: Viewport) => openMemberPage({ browser: suite.browser, url: suite.url, deps }, user.id, path, viewport);
  let operator: TestUser;

  beforeAll(async () => {
    operator = await makeUser(deps(), 'Moderator');
    // The server was started without operators; this test names one the way OPERATORS would.
    deps().config.operators.add(operator.username);
  }, 60_000);

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`reports a pin, hides it from the queue, and tells the reporter (${size})`, async () => {
      const owner = await makeUser(deps(), `Owner ${size}`);
      const pin = (await makePin(deps(), owner, await makeBoard(deps(), owner), { title: `Suspicious ${size}` })).pin;
      const reporter = await makeUser(deps(), `Reporter ${size}`);

      const member = await open(reporter, `/pin/${pin.id}/`, viewport);
      if (size === 'desktop') await sendFeedback(member.page);
      await member.page.getByRole('button', { name: 'More options' }).click();
      await member.page.getByRole('button', { name: 'Report Pin' }).click();
      const dialog = member.page.getByRole('dialog', { name: 'Report Pin' });
      await dialog.getByLabel('Spam').check();
      await dialog.getByLabel('Anything else we should know? (optional)').fill('The same link on every board');
      expect(await accessibilityViolations(member.page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Report', exact: true }).click();
      await dialog.getByText('Thanks for letting us know.', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();

      const admin = await open(operator, '/admin/moderation', viewport);
      const { page } = admin;
      await page.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor();
      const theCase = page.locator(`li[data-target="pin:${pin.id}"]`);
      await theCase.getByText('Spam: 1').waitFor();
      await theCase.getByText('The same link on every board', { exact: false }).waitFor();
      await theCase.getByRole('button', { name: 'Assign to me' }).click();
      await theCase.getByText(`assigned to @${operator.username}`).waitFor();
      await theCase.getByLabel('Action', { exact: true }).selectOption('hide_pin');
      await theCase.getByLabel('Reason', { exact: true }).fill('Spam links');
      expect(await accessibilityViolations(page)).toEqual([]);
      await theCase.getByRole('button', { name: 'Apply' }).click();
      await theCase.waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: 'Spam links' }).first().waitFor();
      if (size === 'desktop') {
        await page.goto(`${suite.url}/admin/feedback`);
        await page.getByRole('heading', { name: 'Feedback', level: 1 }).waitFor();
        await page.getByText('Reporting works nicely').waitFor();
      }
      expect(admin.problems.messages).toEqual([]);
      await admin.close();

      // The pin is gone for the reporter; the decision waits for them, and a mail went out.
      const gone = await member.page.goto(`${suite.url}/pin/${pin.id}/`);
      expect(gone?.status()).toBe(404);
      await member.page.goto(`${suite.url}/settings/moderation`);
      await member.page.waitForSelector(HYDRATED);
      const decision = member.page.locator('li[data-notice]').first();
      await decision.getByText('Your report about a Pin').waitFor();
      await decision.getByText('The Pin was hidden: only its creator can see it now.').waitFor();
      await decision.getByText('Reason: Spam links').waitFor();
      const email = (await deps().db.selectFrom('users').select('email').where('id', '=', reporter.id).executeTakeFirstOrThrow()).email;
      const [mail] = await waitForOutboxMail(deps().config, email);
      expect(mail?.subject).toBe('A decision on your report');
      expect(member.problems.messages.filter((m) => !m.includes('404'))).toEqual([]);
      await member.close();
    });
  }
});
