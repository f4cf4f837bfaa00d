import { beforeAll, describe, expect, it } from 'vitest';
import { createDidIt } from '../../src/server/tried/did-its.service.ts';
import { accessibilityViolations, watchLayoutShifts } from '../support/axe.ts';
import { chromiumAvailable, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makePin, makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';

/**
 * A member comments on a tried-it and reports it from its card; an operator removes it from the
 * queue; it is gone for the reporter (docs/decisions/0048).
 */
describe.skipIf(!chromiumAvailable())('a tried-it’s thread and reporting it in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;
  let operator: TestUser;

  beforeAll(async () => {
    operator = await makeUser(deps(), 'Tried moderator');
    // The server was started without operators; this test names one the way OPERATORS would.
    deps().config.operators.add(operator.username);
  }, 60_000);

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`comments on a tried-it, reports it and an operator removes it (${size})`, async () => {
      const owner = await makeUser(deps(), `Towner ${size}`);
      const pin = (await makePin(deps(), owner, await makeBoard(deps(), owner), { title: `Tried pin ${size}` })).pin;
      const cook = await makeUser(deps(), `Tcook ${size}`);
      const note = `Spammy tried it ${size}`;
      await createDidIt(deps(), cook.actor, { pin_id: pin.id, details: note });
      const reporter = await makeUser(deps(), `Treporter ${size}`);
      const open = (user: TestUser, path: string) => openMemberPage({ browser: suite.browser, url: suite.url, deps }, user.id, path, viewport);

      const member = await open(reporter, `/pin/${pin.id}/`);
      // Shifts are watched from the first paint of a fresh load of the pin page.
      const layoutShifts = await watchLayoutShifts(member.page);
      await member.page.reload();
      await member.page.waitForSelector(HYDRATED);
      const card = member.page.locator('li').filter({ hasText: note }).last();
      const thread = card.getByRole('button', { name: '0 comments' });
      await thread.click();
      expect(await thread.getAttribute('aria-expanded')).toBe('true');
      await card.getByRole('combobox', { name: 'Add a comment' }).fill(`Nice one ${size}`);
      await card.getByRole('button', { name: 'Post' }).click();
      await card
        .locator('[data-comment-id]')
        .filter({ hasText: `Nice one ${size}` })
        .waitFor();
      expect(await accessibilityViolations(member.page)).toEqual([]);
      expect(await layoutShifts()).toEqual([]);

      await card.getByRole('button', { name: /^Report .*tried it$/ }).click();
      const dialog = member.page.getByRole('dialog', { name: 'Report tried it' });
      await dialog.getByLabel('Spam').check();
      await dialog.getByRole('button', { name: 'Report', exact: true }).click();
      await dialog.getByText('Thanks for letting us know.', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();

      const admin = await open(operator, '/admin/moderation');
      const theCase = admin.page.locator('li[data-target^="tried_it:"]').filter({ hasText: note });
      await theCase.getByText('Spam: 1').waitFor();
      await theCase.getByLabel('Action', { exact: true }).selectOption('remove_tried_it');
      await theCase.getByLabel('Reason', { exact: true }).fill('Spam in a tried it');
      await theCase.getByRole('button', { name: 'Apply' }).click();
      await theCase.waitFor({ state: 'detached' });
      expect(admin.problems.messages).toEqual([]);
      await admin.close();

      await member.page.goto(`${suite.url}/pin/${pin.id}/`);
      await member.page.waitForSelector(HYDRATED);
      await member.page
        .getByRole('heading', { name: `Tried pin ${size}` })
        .first()
        .waitFor();
      expect(await member.page.getByText(note).count()).toBe(0);
      expect(member.problems.messages).toEqual([]);
      await member.close();
    });
  }
});
