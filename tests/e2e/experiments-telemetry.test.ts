import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS, type Viewport } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';

const BOOTSTRAP = /<script type="application\/json" id="cb-bootstrap">(.*?)<\/script>/s;

/** The journey of operators' experiments and telemetry: define, the variant in a member's server HTML, the dashboard's charts. */
describe.skipIf(!chromiumAvailable())('experiments and telemetry in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;
  const open = (user: TestUser, path: string, viewport: Viewport) => openMemberPage({ browser: suite.browser, url: suite.url, deps }, user.id, path, viewport);
  let operator: TestUser;

  beforeAll(async () => {
    operator = await makeUser(deps(), 'Labkeeper');
    // The server was started without operators; this test names one the way OPERATORS would.
    deps().config.operators.add(operator.username);
  }, 60_000);

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`lets an operator define an experiment a member then sees in the server HTML, and read telemetry (${size})`, async () => {
      const experiment = `web_lab_${size}`;
      const admin = await open(operator, '/admin/experiments', viewport);
      const { page } = admin;
      await page.getByRole('heading', { name: 'Experiments', level: 1 }).waitFor();
      await page.getByLabel('Name').fill(experiment);
      await page.getByLabel('Groups and weights').fill('enabled_wide:1');
      await page.getByLabel('Holdout (% of members)').fill('0');
      await page.getByRole('button', { name: 'Define experiment' }).click();
      await page.locator(`tr[data-experiment="${experiment}"]`).waitFor();
      await screenshot(page, `experiments-admin-${size}`);
      expect(await accessibilityViolations(page)).toEqual([]);

      // A member who allowed analytics: the server decides the variant before the HTML leaves.
      const member = await makeUser(deps(), `Subject ${size}`);
      // Chosen on the account (with its time, as the banner records it): the test browser's reject-all cookie does not replace it.
      await deps().db.updateTable('users').set({ allow_analytic_cookies: 1, cookie_consent_at: Date.now() }).where('id', '=', member.id).execute();
      const visit = await open(member, '/today', viewport);
      const html = await (await visit.page.context().request.get(`${suite.url}/today`)).text();
      const bootstrap = JSON.parse(BOOTSTRAP.exec(html)?.[1] ?? '{}') as { experiments: { active: Record<string, string> } };
      expect(bootstrap.experiments.active[experiment]).toBe('enabled_wide');
      // Leaving the page sends what is pending: the member counts as active today, and as exposed.
      await visit.page.goto(`${suite.url}/ideas`);
      await expect
        .poll(async () => (await deps().db.selectFrom('experiment_exposures').select('count').where('experiment', '=', experiment).executeTakeFirst())?.count, {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
      await expect
        .poll(
          async () => (await deps().db.selectFrom('telemetry_counts').select('count').where('name', '=', 'event:member_active').executeTakeFirst())?.count,
          {
            timeout: 15_000,
          },
        )
        .toBeGreaterThan(0);
      expect(visit.problems.messages).toEqual([]);
      await visit.close();

      await page.reload();
      await page
        .locator(`tr[data-experiment="${experiment}"]`)
        .getByText(/enabled_wide: \d+/)
        .waitFor();
      await page.goto(`${suite.url}/admin/telemetry`);
      await page.getByRole('heading', { name: 'Telemetry', level: 1 }).waitFor();
      const chart = page.getByRole('figure', { name: 'Members active per day' });
      await chart.locator('rect').first().waitFor({ state: 'attached' });
      await expect
        .poll(async () => (await chart.locator('rect').evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('height'))))).some((h) => h > 0))
        .toBe(true);
      await page.getByRole('figure', { name: 'Saves per day' }).waitFor();
      await page.getByRole('figure', { name: 'Searches per day' }).waitFor();
      await screenshot(page, `telemetry-admin-${size}`);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(admin.problems.messages).toEqual([]);
      await admin.close();
    });
  }

  it('shows the operators screens to nobody else', async () => {
    const member = await makeUser(deps(), 'Curious');
    const visit = await open(member, '/admin/experiments', VIEWPORTS.desktop);
    await visit.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await visit.page.getByRole('heading', { name: 'Experiments', level: 1 }).count()).toBe(0);
    const response = await visit.page.context().request.get(`${suite.url}/admin/telemetry`);
    expect(response.status()).toBe(404);
    await visit.close();
  });
});
