import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, openPage, VIEWPORTS } from '../support/browser.ts';
import { answerCookieBanner, browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';

/** The signed-in page's own call for an invite code of a channel, as the share sheet of a client would make it. */
async function inviteCode(page: Page, channel: number): Promise<string> {
  return page.evaluate(async (inviteChannel) => {
    const csrf = decodeURIComponent(/(?:^|; )csrftoken=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const body = new URLSearchParams({ data: JSON.stringify({ options: { invite_channel: inviteChannel }, context: {} }) });
    const response = await fetch('/resource/InviteCodeResource/create/', {
      method: 'POST',
      headers: { 'X-CSRFToken': csrf, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body,
    });
    const answer = (await response.json()) as { resource_response: { data: { invite_code: string } } };
    return answer.resource_response.data.invite_code;
  }, channel);
}

/**
 * Invite landing (business spec sections 3 and 4): a signed-out desktop visitor who comes by an
 * invite link sees who invited them, except for the quiet channels; a member sees a toast; the
 * popover closes by keyboard.
 */
describe.skipIf(!chromiumAvailable())('invite landing in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;

  it('shows the inviter popover to a desktop visitor, not for channel 5, and a toast to a member', async () => {
    const a = await makeUser(deps(), 'Ivy');
    const b = await makeUser(deps(), 'Jon');
    const ivy = await openMemberPage({ browser: suite.browser, url: suite.url, deps }, a.id, '/');
    const loud = await inviteCode(ivy.page, 1);
    const quiet = await inviteCode(ivy.page, 5);

    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'en-US', bypassCSP: true });
    await answerCookieBanner(context, suite.url);
    const { page, problems } = await openPage(context);
    page.setDefaultTimeout(8000);
    await page.goto(`${suite.url}/?invite_code=${loud}`);
    await page.waitForSelector(HYDRATED);
    const popover = page.getByTestId('invite-popover');
    await popover.getByRole('heading', { name: 'Ivy invited you to Corkboard' }).waitFor();
    expect(await popover.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(await accessibilityViolations(page)).toEqual([]);
    await popover.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    expect(await popover.count()).toBe(0);

    const looked = page.waitForResponse((r) => r.url().includes('InviteCodeMetadataResource'));
    await page.goto(`${suite.url}/?invite_code=${quiet}`);
    await page.waitForSelector(HYDRATED);
    await looked;
    expect(await page.getByTestId('invite-popover').count()).toBe(0);
    expect(problems.messages).toEqual([]);
    await context.close();

    const jon = await openMemberPage({ browser: suite.browser, url: suite.url, deps }, b.id, `/${a.username}/?invite_code=${loud}`);
    await jon.page.getByText('Ivy invited you to Corkboard. Say hello in Messages.').waitFor();
    expect(await jon.page.getByTestId('invite-popover').count()).toBe(0);
    expect(jon.problems.messages).toEqual([]);
    await jon.close();
    await ivy.close();
  });
});
