import { describe, expect, it } from 'vitest';
import { chromiumAvailable, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makePin, makeUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';

/**
 * A private profile (docs/decisions/0046-follow-requests.md): A opens settings from the account
 * menu and makes the profile private, B sees
 * only its header and asks to follow, A accepts on the privacy page, B then sees the boards.
 */
describe.skipIf(!chromiumAvailable())('a private profile in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;

  for (const size of ['desktop', 'phone'] as const) {
    it(`at ${size} size: private, requested, accepted, then the boards show`, async () => {
      const owner = await makeUser(deps(), `Quiet${size}`);
      const asker = await makeUser(deps(), `Curious${size}`);
      await makePin(deps(), owner, await makeBoard(deps(), owner, { name: `Hidden Garden ${size}` }), { title: 'Moss and ferns' });
      const viewport = VIEWPORTS[size];
      const ownerPage = await openMemberPage({ browser: suite.browser, url: suite.url, deps }, owner.id, '/', viewport);
      // The account menu's plain Settings link opens the settings page.
      await ownerPage.page.getByRole('button', { name: 'Your account' }).click();
      await ownerPage.page.getByRole('link', { name: 'Settings', exact: true }).click();
      await ownerPage.page.waitForURL(`${suite.url}/settings`);
      await ownerPage.page.goto(`${suite.url}/settings/privacy`);
      await ownerPage.page.waitForSelector(HYDRATED);
      await ownerPage.page.getByRole('switch', { name: 'Private profile' }).check();
      await ownerPage.page.getByRole('button', { name: 'Save' }).click();
      await ownerPage.page.getByText('Your changes were saved.').waitFor();

      const askerPage = await openMemberPage({ browser: suite.browser, url: suite.url, deps }, asker.id, `/${owner.username}/`, viewport);
      const b = askerPage.page;
      await b.getByRole('heading', { name: 'This account is private' }).waitFor();
      expect(await b.getByText(`Hidden Garden ${size}`).count()).toBe(0);
      await b.getByRole('button', { name: 'Follow' }).click();
      await b.getByRole('button', { name: 'Requested' }).waitFor();

      await ownerPage.page.reload();
      await ownerPage.page.waitForSelector(HYDRATED);
      await ownerPage.page.getByRole('button', { name: `Accept Curious${size} Test` }).click();
      await ownerPage.page.getByText('No one is waiting for your answer.').waitFor();

      await b.reload();
      await b.waitForSelector(HYDRATED);
      await b
        .getByRole('link', { name: new RegExp(`Hidden Garden ${size}`) })
        .first()
        .waitFor();
      expect(await b.getByRole('heading', { name: 'This account is private' }).count()).toBe(0);
      expect(ownerPage.problems.messages).toEqual([]);
      expect(askerPage.problems.messages).toEqual([]);
      await ownerPage.close();
      await askerPage.close();
    });
  }
});
