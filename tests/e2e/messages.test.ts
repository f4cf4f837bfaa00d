import { describe, expect, it } from 'vitest';
import { accessibilityViolations, watchLayoutShifts } from '../support/axe.ts';
import { chromiumAvailable, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makePin, makeUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';

/**
 * Messages in two browsers (docs/decisions/0049): A shares a pin with B from its closeup; B's
 * conversations badge changes without a reload, B opens the conversation (the pin as a card) and
 * replies by keyboard; A, with the conversation open, sees the reply arrive live.
 */
describe.skipIf(!chromiumAvailable())('messages in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;

  for (const size of ['desktop', 'phone'] as const) {
    it(`at ${size} size: A shares a pin with B, B's badge changes live, B replies, A sees it live`, async () => {
      const a = await makeUser(deps(), `Ana${size}`);
      const b = await makeUser(deps(), `Ben${size}`);
      const { pin } = await makePin(deps(), a, await makeBoard(deps(), a), { title: `Brass lamp ${size}` });
      const viewport = VIEWPORTS[size];
      const open = (id: string, path: string) => openMemberPage({ browser: suite.browser, url: suite.url, deps }, id, path, viewport);

      // They follow each other, so a message between them is no contact request.
      const ben = await open(b.id, `/${a.username}/`);
      await ben.page.getByRole('button', { name: 'Follow' }).first().click();
      await ben.page.getByRole('button', { name: 'Following' }).first().waitFor();
      const ana = await open(a.id, `/${b.username}/`);
      await ana.page.getByRole('button', { name: 'Follow' }).first().click();
      await ana.page.getByRole('button', { name: 'Following' }).first().waitFor();

      const benShifts = await watchLayoutShifts(ben.page);
      await ben.page.goto(`${suite.url}/`);
      await ben.page.waitForSelector(HYDRATED);
      await ben.page.getByRole('button', { name: 'Messages', exact: true }).waitFor();

      const anaShifts = await watchLayoutShifts(ana.page);
      await ana.page.goto(`${suite.url}/pin/${pin.id}/`);
      await ana.page.waitForSelector(HYDRATED);
      await ana.page.getByTestId('share-button').click();
      const sheet = ana.page.getByRole('dialog', { name: 'Share' });
      await sheet.getByRole('searchbox', { name: 'To' }).fill(`Ben${size}`);
      await sheet.getByRole('checkbox', { name: new RegExp(`Ben${size}`) }).check();
      expect(await accessibilityViolations(ana.page)).toEqual([]);
      await sheet.getByTestId('share-send').click();
      await ana.page.getByText('Sent', { exact: true }).waitFor();
      expect(await sheet.isVisible()).toBe(false);

      // B's badge, without a reload.
      const badgeButton = ben.page.getByRole('button', { name: 'Messages, 1 unread' });
      await badgeButton.waitFor();
      expect(await ben.page.getByTestId('messages-badge').textContent()).toBe('1');

      // A opens the conversation and keeps it open.
      await ana.page.getByTestId('messages-button').click();
      const anaDropdown = ana.page.getByRole('dialog', { name: 'Messages' });
      await anaDropdown.getByRole('button', { name: new RegExp(`Ben${size}`) }).click();
      await anaDropdown.getByRole('link', { name: new RegExp(`Brass lamp ${size}`) }).waitFor();

      // B opens it by keyboard: the pin as a card with its link, and the badge goes.
      await badgeButton.focus();
      await ben.page.keyboard.press('Enter');
      const benDropdown = ben.page.getByRole('dialog', { name: 'Messages' });
      await benDropdown.getByRole('button', { name: new RegExp(`Ana${size}`) }).click();
      const card = benDropdown.getByRole('link', { name: new RegExp(`Brass lamp ${size}`) });
      await card.waitFor();
      expect(await card.getAttribute('href')).toBe(`/pin/${pin.id}/`);
      await ben.page.getByRole('button', { name: 'Messages', exact: true }).waitFor();
      expect(await ben.page.getByTestId('messages-badge').count()).toBe(0);
      expect(await accessibilityViolations(ben.page)).toEqual([]);

      const composer = benDropdown.getByRole('textbox', { name: 'Write a message' });
      await composer.fill('Love it, where is it from?');
      await ben.page.keyboard.press('Enter');
      await benDropdown.getByTestId('message').filter({ hasText: 'Love it, where is it from?' }).waitFor();
      expect(await composer.inputValue()).toBe('');

      // A sees the reply arrive in the open conversation.
      await anaDropdown.getByTestId('message').filter({ hasText: 'Love it, where is it from?' }).waitFor();
      expect(await accessibilityViolations(ana.page)).toEqual([]);

      expect(await benShifts()).toEqual([]);
      expect(await anaShifts()).toEqual([]);
      expect(ana.problems.messages).toEqual([]);
      expect(ben.problems.messages).toEqual([]);
      await ana.close();
      await ben.close();
    });

    it(`at ${size} size: someone B does not follow writes from the new-message view; B previews the contact request and accepts it`, async () => {
      const b = await makeUser(deps(), `Bea${size}`);
      const c = await makeUser(deps(), `Cyd${size}`);
      const viewport = VIEWPORTS[size];
      const open = (id: string, path: string) => openMemberPage({ browser: suite.browser, url: suite.url, deps }, id, path, viewport);
      const bea = await open(b.id, '/');
      const cyd = await open(c.id, '/');

      await cyd.page.getByTestId('messages-button').click();
      const dropdown = cyd.page.getByRole('dialog', { name: 'Messages' });
      await dropdown.getByRole('button', { name: 'New message' }).click();
      await dropdown.getByRole('searchbox', { name: 'To' }).fill(`Bea${size}`);
      await dropdown.getByRole('checkbox', { name: new RegExp(`Bea${size}`) }).check();
      await dropdown.getByRole('textbox', { name: 'Write a message' }).fill('Hello, may I ask about your board?');
      await dropdown.getByRole('button', { name: 'Send' }).click();
      await dropdown.getByTestId('message').filter({ hasText: 'Hello, may I ask about your board?' }).waitFor();

      await bea.page.getByRole('button', { name: 'Messages, 1 unread' }).click();
      const inbox = bea.page.getByRole('dialog', { name: 'Messages' });
      const request = inbox.getByTestId('contact-request');
      await request.filter({ hasText: 'Hello, may I ask about your board?' }).waitFor();
      expect(await accessibilityViolations(bea.page)).toEqual([]);
      await request.getByRole('button', { name: 'Accept' }).click();
      await inbox.getByRole('button', { name: new RegExp(`Cyd${size}`) }).waitFor();
      expect(await inbox.getByTestId('contact-request').count()).toBe(0);

      // Bea reports the conversation from its view: a case about Cyd reaches the moderators.
      await inbox.getByRole('button', { name: new RegExp(`Cyd${size}`) }).click();
      await inbox.getByRole('button', { name: 'Report conversation' }).click();
      const report = bea.page.getByRole('dialog', { name: 'Report conversation' });
      await report.getByLabel('Spam').check();
      await report.getByRole('button', { name: 'Report', exact: true }).click();
      await report.getByText('Thanks for letting us know.', { exact: false }).waitFor();
      await report.getByRole('button', { name: 'Done' }).click();
      const filed = await deps().db.selectFrom('moderation_cases').select('subject_id').where('target_type', '=', 'conversation').execute();
      expect(filed.map((row) => row.subject_id)).toContain(c.id);
      expect(bea.problems.messages).toEqual([]);
      expect(cyd.problems.messages).toEqual([]);
      await bea.close();
      await cyd.close();
    });
  }

  it('/settings/messages keeps who may message the member, and a refused sender sees the reason', async () => {
    const b = await makeUser(deps(), 'Dana');
    const c = await makeUser(deps(), 'Eli');
    const open = (id: string, path: string) => openMemberPage({ browser: suite.browser, url: suite.url, deps }, id, path);
    const dana = await open(b.id, '/settings/messages');
    const nobody = dana.page.getByRole('radio', { name: 'Nobody' });
    await nobody.check();
    await dana.page.getByRole('button', { name: 'Save' }).click();
    await dana.page.getByRole('status').getByText('Your changes were saved.').waitFor();
    await dana.page.reload();
    await dana.page.waitForSelector(HYDRATED);
    expect(await dana.page.getByRole('radio', { name: 'Nobody' }).isChecked()).toBe(true);
    expect(await accessibilityViolations(dana.page)).toEqual([]);

    const eli = await open(c.id, '/');
    await eli.page.getByTestId('messages-button').click();
    const dropdown = eli.page.getByRole('dialog', { name: 'Messages' });
    await dropdown.getByRole('button', { name: 'New message' }).click();
    await dropdown.getByRole('searchbox', { name: 'To' }).fill('Dana');
    await dropdown.getByRole('checkbox', { name: /Dana/ }).check();
    await dropdown.getByRole('textbox', { name: 'Write a message' }).fill('Hello?');
    await dropdown.getByRole('button', { name: 'Send' }).click();
    // The server's own words (its message), not the generic failure text.
    await dropdown.getByRole('alert').getByText('This person isn’t taking messages from you.').waitFor();
    await dana.close();
    await eli.close();
  });
});
