import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS, type Viewport } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makePin, makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';

/** Boards from the member's side: create, edit with sections and a cover, archive, delete; collaborators. */
describe.skipIf(!chromiumAvailable())('boards and collaborators in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;

  const memberPage = (user: TestUser, path: string, viewport?: Viewport) =>
    openMemberPage({ browser: suite.browser, url: suite.url, deps }, user.id, path, viewport);

  const boardOf = (ownerId: string, name: string) =>
    deps().db.selectFrom('boards').selectAll().where('owner_id', '=', ownerId).where('name', '=', name).executeTakeFirst();

  async function openEdit(page: Page) {
    await page.getByRole('button', { name: 'Edit board' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your board' });
    await dialog.waitFor();
    return dialog;
  }

  it('creates a board from the header, adds a section, and moves a pin into it from the pin', async () => {
    const ada = await makeUser(deps(), 'ada');
    const { page, problems, close } = await memberPage(ada, '/');

    await page.getByRole('button', { name: 'Create a Pin or a board' }).click();
    await screenshot(page, 'create-menu-desktop');
    await page.getByRole('button', { name: 'Create board' }).click();
    const create = page.getByRole('dialog', { name: 'Create board' });
    await create.getByLabel('Name').fill('Garden plans');
    await create.getByLabel('Description').fill('Beds, paths and a pond');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'board-create-desktop');
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/garden-plans\/$/);
    await page.getByRole('heading', { name: 'Garden plans', level: 1 }).waitFor();
    const board = await boardOf(ada.id, 'Garden plans');
    expect(board).toMatchObject({ description: 'Beds, paths and a pond', privacy: 'public' });

    const edit = await openEdit(page);
    await edit.getByLabel('Add a section').fill('Vegetables');
    await edit.getByRole('button', { name: 'Add', exact: true }).click();
    await edit.getByRole('button', { name: 'Rename section Vegetables' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'board-edit-desktop');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'hidden' });
    const section = await deps()
      .db.selectFrom('board_sections')
      .selectAll()
      .where('board_id', '=', board?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(section.title).toBe('Vegetables');

    if (!board) throw new Error('the board was made');
    const { pin } = await makePin(deps(), ada, board, { title: 'Tomato bed' });
    await page.goto(`${suite.url}/pin/${pin.id}/`);
    await page.waitForSelector(HYDRATED);
    await screenshot(page, 'pin-page-creator-desktop');
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('button', { name: 'Edit Pin' }).click();
    const editPin = page.getByRole('dialog', { name: 'Edit this Pin' });
    await editPin.getByLabel('Title').fill('Tomato bed, north side');
    await editPin.getByRole('button', { name: /Board Garden plans/ }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a board' });
    await picker.getByRole('button', { name: 'Sections of Garden plans' }).click();
    await picker.getByRole('button', { name: 'Vegetables' }).click();
    await editPin.getByRole('button', { name: /Board Garden plans \/ Vegetables/ }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'pin-edit-desktop');
    await editPin.getByRole('button', { name: 'Save', exact: true }).click();
    await editPin.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Tomato bed, north side', level: 1 }).waitFor();
    await expect
      .poll(async () => (await deps().db.selectFrom('board_pins').select('section_id').where('pin_id', '=', pin.id).executeTakeFirst())?.section_id)
      .toBe(section.id);

    await page.goto(`${suite.url}/${ada.username}/garden-plans/vegetables/`);
    await page.waitForSelector(HYDRATED);
    await page.getByRole('link', { name: 'Tomato bed, north side' }).waitFor();
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('edits a board (name, secret, cover), archives and unarchives it, and deletes it after asking', async () => {
    const bo = await makeUser(deps(), 'bo');
    const board = await makeBoard(deps(), bo, { name: 'Lamps' });
    const older = await makePin(deps(), bo, board, { title: 'Brass lamp' });
    await makePin(deps(), bo, board, { title: 'Paper lamp' });
    const { page, problems, close } = await memberPage(bo, `/${bo.username}/${board.slug}/`, VIEWPORTS.phone);

    let edit = await openEdit(page);
    await edit.getByLabel('Name').fill('Lighting');
    await edit.getByRole('switch', { name: 'Keep this board secret' }).check();
    await edit.getByRole('radio', { name: 'Brass lamp' }).check({ force: true });
    await screenshot(page, 'board-edit-phone');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/lighting\/$/);
    await page.getByRole('heading', { name: 'Lighting', level: 1 }).waitFor();
    expect(await boardOf(bo.id, 'Lighting')).toMatchObject({ privacy: 'secret', cover_pin_id: older.pin.id, slug: 'lighting' });

    edit = await openEdit(page);
    await edit.getByRole('button', { name: 'Archive' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await boardOf(bo.id, 'Lighting'))?.archived_at).not.toBeNull();
    edit = await openEdit(page);
    await edit.getByRole('button', { name: 'Unarchive' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await boardOf(bo.id, 'Lighting'))?.archived_at).toBeNull();

    edit = await openEdit(page);
    await edit.getByRole('button', { name: 'Delete board' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete "Lighting"?' });
    await confirm.getByText('The board and its 2 Pins will be deleted.', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'board-delete-phone');
    await confirm.getByRole('button', { name: 'Delete forever' }).click();
    await page.waitForURL(`${suite.url}/${bo.username}/`);
    expect(await boardOf(bo.id, 'Lighting')).toBeUndefined();
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('invites a collaborator who accepts on the board page and then saves to the board', async () => {
    const owner = await makeUser(deps(), 'owner');
    const shared = await makeBoard(deps(), owner, { name: 'Shared recipes' });
    await makePin(deps(), owner, shared, { title: 'Lentil soup' });
    const guest = await makeUser(deps(), 'guest');
    const cook = await makeUser(deps(), 'cook');
    const cookBoard = await makeBoard(deps(), cook, { name: 'Breads' });
    await makePin(deps(), cook, cookBoard, { title: 'Sourdough loaf' });

    const host = await memberPage(owner, `/${owner.username}/${shared.slug}/`);
    await host.page.getByRole('button', { name: 'Collaborators' }).click();
    const dialog = host.page.getByRole('dialog', { name: 'Collaborators' });
    await dialog.getByLabel('Invite by username').fill('nobody-here');
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await dialog.getByText("We couldn't find anyone called @nobody-here.").waitFor();
    await dialog.getByLabel('Invite by username').fill(`@${guest.username}`);
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await dialog.getByRole('button', { name: /Withdraw the invitation to guest/ }).waitFor();
    expect(await accessibilityViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'collaborators-invited-desktop');

    const visit = await memberPage(guest, `/${owner.username}/${shared.slug}/`);
    const invitation = visit.page.getByRole('region', { name: 'Invitation' });
    await invitation.getByText('owner Test invited you to collaborate on this board.').waitFor();
    await screenshot(visit.page, 'collaborators-invitation-desktop');
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await visit.page.getByTestId('toasts').getByText('You joined this board.').waitFor();
    await visit.page.getByRole('button', { name: 'Leave board' }).waitFor();
    const row = () =>
      deps().db.selectFrom('board_collaborators').selectAll().where('board_id', '=', shared.id).where('user_id', '=', guest.id).executeTakeFirst();
    expect(await row()).toMatchObject({ status: 'accepted' });

    // The collaborator saves someone else's pin to the shared board.
    await visit.page.goto(`${suite.url}/${cook.username}/${cookBoard.slug}/`);
    await visit.page.waitForSelector(HYDRATED);
    const loaf = visit.page.locator('div', { has: visit.page.getByRole('link', { name: 'Sourdough loaf', exact: true }) }).last();
    await loaf.hover();
    await loaf.getByRole('button', { name: 'Save', exact: true }).click();
    await visit.page.getByRole('dialog', { name: 'Save' }).getByRole('button', { name: 'Shared recipes' }).click();
    await loaf.hover();
    await loaf.getByRole('button', { name: 'Saved to Shared recipes' }).waitFor();
    const saved = await deps().db.selectFrom('board_pins').selectAll().where('board_id', '=', shared.id).where('saved_by', '=', guest.id).execute();
    expect(saved).toHaveLength(1);

    // The owner sees the collaborator, offers the board and takes the offer back, then removes them.
    await host.page.reload();
    await host.page.waitForSelector(HYDRATED);
    await host.page.getByRole('button', { name: 'Collaborators' }).click();
    const again = host.page.getByRole('dialog', { name: 'Collaborators' });
    await again.getByRole('button', { name: /Offer the board to guest/ }).click();
    await again.getByText(/Waiting for guest Test to accept ownership/).waitFor();
    expect(await boardOf(owner.id, 'Shared recipes')).toMatchObject({ pending_owner_id: guest.id });
    await again.getByRole('button', { name: 'Cancel request' }).click();
    await again.getByText(/Waiting for guest Test/).waitFor({ state: 'hidden' });
    expect((await boardOf(owner.id, 'Shared recipes'))?.pending_owner_id).toBeNull();
    await again.getByRole('button', { name: /Remove guest/ }).click();
    await expect.poll(row).toBeUndefined();
    // The one failed request is the lookup of a username nobody has, made on purpose above.
    expect(host.problems.messages.filter((m) => !m.includes('status of 404'))).toEqual([]);
    expect(host.problems.messages.filter((m) => m.includes('status of 404'))).toHaveLength(1);
    expect(visit.problems.messages).toEqual([]);
    await host.close();
    await visit.close();
  });

  it('handles a request to join, approved by the owner, and a secret board invitation answered from the account menu', async () => {
    const owner = await makeUser(deps(), 'keeper');
    const open = await makeBoard(deps(), owner, { name: 'Open studio' });
    const secret = await makeUser(deps(), 'friend');
    const party = await makeBoard(deps(), owner, { name: 'Surprise party', privacy: 'secret' });
    const asker = await makeUser(deps(), 'asker');

    const visitor = await memberPage(asker, `/${owner.username}/${open.slug}/`);
    await visitor.page.getByRole('button', { name: 'Ask to join' }).click();
    await visitor.page.getByRole('button', { name: 'Withdraw request to join' }).waitFor();

    const host = await memberPage(owner, `/${owner.username}/${open.slug}/`, VIEWPORTS.phone);
    await host.page.getByRole('button', { name: 'Collaborators' }).click();
    const dialog = host.page.getByRole('dialog', { name: 'Collaborators' });
    await dialog.getByRole('heading', { name: 'Asking to join' }).waitFor();
    await screenshot(host.page, 'collaborators-request-phone');
    expect(await accessibilityViolations(host.page)).toEqual([]);
    await dialog.getByRole('button', { name: /Approve asker/ }).click();
    await dialog.getByRole('heading', { name: 'Collaborators', level: 3 }).waitFor();
    expect(
      await deps()
        .db.selectFrom('board_collaborators')
        .select(['status', 'can_delete'])
        .where('board_id', '=', open.id)
        .where('user_id', '=', asker.id)
        .executeTakeFirst(),
    ).toEqual({ status: 'accepted', can_delete: 1 });

    await host.page.keyboard.press('Escape');
    await host.page.goto(`${suite.url}/${owner.username}/${party.slug}/`);
    await host.page.waitForSelector(HYDRATED);
    await host.page.getByRole('button', { name: 'Collaborators' }).click();
    await host.page.getByRole('dialog', { name: 'Collaborators' }).getByLabel('Invite by username').fill(secret.username);
    await host.page.getByRole('dialog', { name: 'Collaborators' }).getByRole('button', { name: 'Invite', exact: true }).click();
    await host.page.getByRole('dialog', { name: 'Collaborators' }).getByRole('heading', { name: 'Invited' }).waitFor();

    const friend = await memberPage(secret, '/');
    await friend.page.getByRole('button', { name: 'Your account' }).click();
    await friend.page.getByRole('button', { name: 'Board invitations' }).click();
    const invitations = friend.page.getByRole('dialog', { name: 'Board invitations' });
    await invitations.getByText('Surprise party').waitFor();
    expect(await accessibilityViolations(friend.page)).toEqual([]);
    await screenshot(friend.page, 'invitations-desktop');
    await invitations.getByRole('button', { name: 'Accept the invitation to Surprise party' }).click();
    await friend.page.waitForURL(`${suite.url}/${owner.username}/${party.slug}/`);
    await friend.page.getByRole('heading', { name: 'Surprise party', level: 1 }).waitFor();
    await invitations.waitFor({ state: 'hidden' });
    await friend.page.getByRole('button', { name: 'Leave board' }).waitFor();
    for (const p of [visitor, host, friend]) {
      expect(p.problems.messages).toEqual([]);
      await p.close();
    }
  });
});
