import { describe, expect, it } from 'vitest';
import { accessibilityViolations, watchLayoutShifts } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makePin, makeSection, makeUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';

/**
 * The board owner organizes a board: chooses pins and moves them to another board, deletes one
 * with the keyboard, deletes a section with its pin, moves a section's pin from its page; each runs as a blocking action whose result
 * the page lists, and the grid shows the board as the action left it.
 */
describe.skipIf(!chromiumAvailable())('organizing a board in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;
  const pinsOn = async (boardId: string) =>
    (await deps().db.selectFrom('board_pins').select('pin_id').where('board_id', '=', boardId).execute()).map((r) => r.pin_id).sort();

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`moves, deletes and drops a section through Organize on a ${viewport}`, async () => {
      const owner = await makeUser(deps(), `organizer${viewport}`);
      const pantry = await makeBoard(deps(), owner, { name: 'Pantry' });
      const kitchen = await makeBoard(deps(), owner, { name: 'Kitchen' });
      const old = await makeSection(deps(), owner, pantry, 'Old jars');
      const flour = (await makePin(deps(), owner, pantry, { title: 'Flour bin' })).pin.id;
      const rice = (await makePin(deps(), owner, pantry, { title: 'Rice jar' })).pin.id;
      const salt = (await makePin(deps(), owner, pantry, { title: 'Salt cellar' })).pin.id;
      const jam = (await makePin(deps(), owner, pantry, { title: 'Jam pot', section: old })).pin.id;
      const spices = await makeSection(deps(), owner, pantry, 'Spices');
      const pepper = (await makePin(deps(), owner, pantry, { title: 'Pepper mill', section: spices })).pin.id;

      const { page, problems, close } = await openMemberPage({ browser: suite.browser, url: suite.url, deps }, owner.id, '/', VIEWPORTS[viewport]);
      const layoutShifts = await watchLayoutShifts(page);
      await page.goto(`${suite.url}/${owner.username}/${pantry.slug}/`);
      await page.waitForSelector(HYDRATED);
      await page.waitForLoadState('networkidle');
      expect(await layoutShifts()).toEqual([]);

      await page.getByRole('button', { name: 'Organize', exact: true }).click();
      const panel = page.getByRole('region', { name: 'Organize this board' });
      await panel.getByText('No blocking actions found in the response').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      await panel.getByRole('checkbox', { name: 'Flour bin' }).check();
      await panel.getByRole('checkbox', { name: 'Rice jar' }).check();
      await panel.getByLabel('Move to board').selectOption({ label: 'Kitchen' });
      await panel.getByRole('button', { name: 'Move', exact: true }).click();
      await panel.getByText('Pins moved to Kitchen: 2').waitFor();
      expect(await pinsOn(kitchen.id)).toEqual([flour, rice].sort());
      await screenshot(page, `board-organize-${viewport}`);
      // The grid reads the board again once the action is done.
      await expect.poll(() => page.getByRole('link', { name: /Rice jar/ }).count()).toBe(0);

      // The keyboard alone: choose the salt cellar, delete, confirm.
      await panel.getByRole('checkbox', { name: 'Salt cellar' }).focus();
      await page.keyboard.press('Space');
      await panel.getByRole('button', { name: 'Delete', exact: true }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Organize this board' });
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await panel.getByText('Pins removed: 1').waitFor();

      await panel.getByRole('button', { name: 'Delete section “Old jars”' }).click();
      await page.getByRole('dialog', { name: 'Organize this board' }).getByRole('button', { name: 'Delete', exact: true }).click();
      await expect.poll(() => panel.getByText('Pins removed: 1').count()).toBe(2);
      expect(await pinsOn(pantry.id)).toEqual([pepper]);

      // A section's own page organizes its pins.
      await page.goto(`${suite.url}/${owner.username}/${pantry.slug}/spices/`);
      await page.waitForSelector(HYDRATED);
      await page.getByRole('button', { name: 'Organize', exact: true }).click();
      await panel.getByRole('checkbox', { name: 'Pepper mill' }).check();
      await panel.getByLabel('Move to board').selectOption({ label: 'Kitchen' });
      await panel.getByRole('button', { name: 'Move', exact: true }).click();
      await panel.getByText('Pins moved to Kitchen: 1').waitFor();
      expect(await pinsOn(kitchen.id)).toEqual([flour, rice, pepper].sort());
      expect(await pinsOn(pantry.id)).toEqual([]);
      expect(await deps().db.selectFrom('pins').select('deleted_at').where('id', 'in', [salt, jam]).execute()).toEqual([
        { deleted_at: expect.any(Number) as number },
        { deleted_at: expect.any(Number) as number },
      ]);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(problems.messages).toEqual([]);
      await close();
    });
  }
});
