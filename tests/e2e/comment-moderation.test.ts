import { beforeAll, describe, expect, it } from 'vitest';
import { createComment } from '../../src/server/comments/comments.service.ts';
import { chromiumAvailable, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makePin, makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';

/** A member reports a comment from its menu; an operator removes it from the queue; it is gone for the reporter. */
describe.skipIf(!chromiumAvailable())('reporting a comment and removing it in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;
  let operator: TestUser;

  beforeAll(async () => {
    operator = await makeUser(deps(), 'Comment moderator');
    // The server was started without operators; this test names one the way OPERATORS would.
    deps().config.operators.add(operator.username);
  }, 60_000);

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`reports a comment and removes it from the queue (${size})`, async () => {
      const owner = await makeUser(deps(), `Cowner ${size}`);
      const pin = (await makePin(deps(), owner, await makeBoard(deps(), owner), { title: `Commented ${size}` })).pin;
      const author = await makeUser(deps(), `Cauthor ${size}`);
      const text = `Cheap watches here ${size}`;
      await createComment(deps(), author.actor, { pin_id: pin.id, text });
      await createComment(deps(), owner.actor, { pin_id: pin.id, text: `Welcome ${size}` });
      const reporter = await makeUser(deps(), `Creporter ${size}`);
      const open = (user: TestUser, path: string) => openMemberPage({ browser: suite.browser, url: suite.url, deps }, user.id, path, viewport);

      const member = await open(reporter, `/pin/${pin.id}/`);
      const comment = member.page.locator('[data-comment-id]').filter({ hasText: text });
      await comment.getByRole('button', { name: 'Report' }).click();
      const dialog = member.page.getByRole('dialog', { name: 'Report comment' });
      await dialog.getByLabel('Spam').check();
      await dialog.getByRole('button', { name: 'Report', exact: true }).click();
      await dialog.getByText('Thanks for letting us know.', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();

      const admin = await open(operator, '/admin/moderation');
      const theCase = admin.page.locator('li[data-target^="comment:"]').filter({ hasText: text });
      await theCase.getByText('Spam: 1').waitFor();
      await theCase.getByLabel('Action', { exact: true }).selectOption('remove_comment');
      await theCase.getByLabel('Reason', { exact: true }).fill('Spam in comments');
      await theCase.getByRole('button', { name: 'Apply' }).click();
      await theCase.waitFor({ state: 'detached' });
      expect(admin.problems.messages).toEqual([]);
      await admin.close();

      await member.page.goto(`${suite.url}/pin/${pin.id}/`);
      await member.page.waitForSelector(HYDRATED);
      await member.page
        .getByRole('heading', { name: `Commented ${size}` })
        .first()
        .waitFor();
      expect(await member.page.locator('[data-comment-id]').filter({ hasText: text }).count()).toBe(0);
      expect(member.problems.messages).toEqual([]);
      await member.close();
    });
  }
});
