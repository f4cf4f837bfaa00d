import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ingestImage } from '../../src/server/media/media.service.ts';
import { createPin } from '../../src/server/pins/pins.service.ts';
import { chromiumAvailable, VIEWPORTS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { makeBoard, makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';

type World = { owner: TestUser; writer: TestUser; friend: TestUser; pinId: string };

describe.skipIf(!chromiumAvailable())('comments on the closeup', () => {
  const suite = browserSuite();
  let world: World;
  const member = () => ({ browser: suite.browser, url: suite.url, deps: () => suite.server.server.deps });

  beforeAll(async () => {
    const deps = suite.server.server.deps;
    const owner = await makeUser(deps, 'Baker');
    const writer = await makeUser(deps, 'Taster');
    const friend = await makeUser(deps, 'Buddy');
    const board = await makeBoard(deps, owner, { name: 'Breads' });
    const png = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#c49a6c' } })
      .png()
      .toBuffer();
    const media = await ingestImage(deps, owner.actor, png, { inline: true });
    const pin = (await createPin(deps, owner.actor, { board_id: board.id, media_id: media.id, title: 'Sourdough loaf' })).pin;
    world = { owner, writer, friend, pinId: pin.id };
  }, 60_000);

  it('a member comments with a mention (desktop); the owner replies, likes and highlights it (phone)', async () => {
    const hostile = '</script><img src=x onerror=alert(1)>';
    const text = `Lovely <b>crumb</b> @${world.friend.username} https://example.com/x${hostile}`;
    const writer = await openMemberPage(member(), world.writer.id, `/pin/${world.pinId}/`);
    // The mention is chosen from the people the typeahead offers, by keyboard.
    const box = writer.page.getByRole('combobox', { name: 'Add a comment' });
    await box.fill('Lovely <b>crumb</b> ');
    await box.pressSequentially('@buddy');
    await writer.page.getByRole('option', { name: new RegExp(world.friend.username) }).waitFor();
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe(`Lovely <b>crumb</b> @${world.friend.username} `);
    await box.pressSequentially(`https://example.com/x${hostile}`);
    expect(await box.inputValue()).toBe(text);
    await writer.page.getByRole('button', { name: 'Post' }).click();
    const shown = writer.page.locator('[data-comment-id]').filter({ hasText: 'Lovely' });
    await shown.waitFor();
    // User text is plain text: the markup shows as typed, no element and no link is made of it.
    expect(await shown.locator('p').first().textContent()).toBe(text);
    expect(await shown.locator('b').count()).toBe(0);
    expect(await shown.locator('a[href^="https://example.com"]').count()).toBe(0);
    const mentions = await suite.server.server.deps.db.selectFrom('comment_mentions').select('user_id').execute();
    expect(mentions.map((m) => m.user_id)).toEqual([world.friend.id]);
    expect(writer.problems.messages).toEqual([]);
    await writer.close();

    // Visitors get the first page in the server's HTML.
    const html = await (await fetch(`${suite.url}/pin/${world.pinId}/`)).text();
    expect(html).toContain('Lovely &lt;b&gt;crumb&lt;/b&gt;');

    // The page state carries the text too: it must not close its script or run anything.
    const owner = await openMemberPage(member(), world.owner.id, `/pin/${world.pinId}/`, VIEWPORTS.phone);
    const dialogs: string[] = [];
    owner.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await owner.page.reload();
    expect(await owner.page.locator('img[src="x"]').count()).toBe(0);
    const comment = owner.page.locator('[data-comment-id]').filter({ hasText: 'Lovely' }).first();
    await comment.getByRole('button', { name: 'Reply' }).click();
    await owner.page.getByRole('combobox', { name: /^Reply to / }).fill('Thank you!');
    await owner.page.getByRole('button', { name: 'Post' }).last().click();
    await comment.getByRole('list', { name: 'Replies' }).getByText('Thank you!').waitFor();
    await comment.getByRole('button', { name: 'Like (0)' }).first().click();
    await comment.getByRole('button', { name: 'Like (1)' }).first().waitFor();
    await comment.getByRole('button', { name: 'Highlight' }).first().click();
    await owner.page.getByText("Highlighted by the Pin's owner").waitFor();
    const pin = await suite.server.server.deps.db.selectFrom('pins').select('comment_count').where('id', '=', world.pinId).executeTakeFirstOrThrow();
    expect(pin.comment_count).toBe(2);
    expect(dialogs).toEqual([]);
    expect(owner.problems.messages).toEqual([]);
    await owner.close();
  }, 40_000);
});
