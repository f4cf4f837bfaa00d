import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { errorOf, read } from '../discovery/helpers.ts';
import { experimentDefinitions } from '../../../src/server/experiments/experiments.service.ts';

type Experiment = { name: string; groups: { name: string; weight: number }[]; holdout_percent: number; exposures: { group: string; count: number }[] };
type Envelope<T> = { resource_response: { data: T } };

const BOOTSTRAP = /<script type="application\/json" id="cb-bootstrap">(.*?)<\/script>/s;

function bootstrapOf(html: string): { experiments: { active: Record<string, string> } } {
  const json = BOOTSTRAP.exec(html)?.[1] ?? '{}';
  return JSON.parse(json) as { experiments: { active: Record<string, string> } };
}

/*
 * Operator-defined experiments: defined and read at the admin resource (operators only), assigned
 * while pages render (stable, bots in none, the EXPERIMENTS config laid over), exposures recorded
 * by ActivateExperimentResource only with analytics consent, experiences per placement.
 */
describe.each(databaseKinds)('experiments on %s', (kind) => {
  let t: TestApp;
  let ops: TestClient;
  let member: TestUser;
  let memberClient: TestClient;

  const define = (client: TestClient, fields: Record<string, unknown>, verb: 'create' | 'update' = 'create') =>
    client.resource('ExperimentAdminResource', verb, fields);

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false, env: { OPERATORS: 'labkeeper', EXPERIMENTS: 'web_forced=enabled_config' } });
    const operator = await makeUser(t.deps, 'lab');
    await t.deps.db.updateTable('users').set({ username: 'labkeeper' }).where('id', '=', operator.id).execute();
    member = await makeUser(t.deps, 'subject');
    ops = await signIn(t, operator);
    memberClient = await signIn(t, member);
  });
  afterAll(() => t.close());

  it('lets only operators define and read experiments', async () => {
    const fields = {
      name: 'web_new_grid',
      groups: [
        { name: 'control', weight: 1 },
        { name: 'enabled', weight: 1 },
      ],
      holdout_percent: 0,
    };
    expect((await define(await visitorClient(t), fields)).statusCode).toBe(401);
    expect((await define(memberClient, fields)).statusCode).toBe(403);
    expect((await memberClient.getResource('ExperimentAdminResource')).statusCode).toBe(403);
    expect((await memberClient.resource('ExperimentAdminResource', 'delete', { name: 'web_new_grid' })).statusCode).toBe(403);
    expect((await memberClient.getResource('TelemetryDashboardResource', { days: 7 })).statusCode).toBe(403);
    expect((await (await visitorClient(t)).getResource('TelemetryDashboardResource', { days: 7 })).statusCode).toBe(401);
    const made = await define(ops, fields);
    expect(made.statusCode, made.body).toBe(200);
    expect((await define(ops, fields)).statusCode).toBe(409);
    const { data } = await read<Experiment[]>(ops, 'ExperimentAdminResource');
    expect(data.map((e) => e.name)).toContain('web_new_grid');
  });

  it('refuses bad definitions with a clear message and changes nothing', async () => {
    const before = await t.deps.db.selectFrom('experiments').selectAll().orderBy('name').execute();
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'Bad Name', groups: [{ name: 'a', weight: 1 }], holdout_percent: 0 }, 'lowercase'],
      [{ name: 'ok_name', groups: [], holdout_percent: 0 }, 'at least one group'],
      [{ name: 'ok_name', groups: [{ name: 'a', weight: 0 }], holdout_percent: 0 }, 'weight above 0'],
      [
        {
          name: 'ok_name',
          groups: [
            { name: 'a', weight: 1 },
            { name: 'a', weight: 1 },
          ],
          holdout_percent: 0,
        },
        'its own name',
      ],
      [{ name: 'ok_name', groups: [{ name: 'holdout', weight: 1 }], holdout_percent: 0 }, 'held-out'],
      [{ name: 'ok_name', groups: [{ name: 'a', weight: 1.5 }], holdout_percent: 0 }, 'whole number'],
      [{ name: 'ok_name', groups: [{ name: 'a', weight: 1 }], holdout_percent: 95 }, ''],
      [{ name: 'ok_name', groups: 'a', holdout_percent: 0 }, ''],
    ];
    for (const [fields, message] of bad) {
      const response = await define(ops, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(errorOf(response)).toContain(message);
    }
    expect((await define(ops, { name: 'never_made', groups: [{ name: 'a', weight: 1 }], holdout_percent: 0 }, 'update')).statusCode).toBe(404);
    expect((await ops.resource('ExperimentAdminResource', 'delete', { name: 'never_made' })).statusCode).toBe(404);
    expect((await ops.resource('ExperimentAdminResource', 'delete', { name: '../x' })).statusCode).toBe(400);
    expect(await t.deps.db.selectFrom('experiments').selectAll().orderBy('name').execute()).toEqual(before);
  });

  it('renders the assigned variant in the server HTML, the same on every page, with the config override', async () => {
    await define(ops, { name: 'web_all_enabled', groups: [{ name: 'enabled_big_tiles', weight: 1 }], holdout_percent: 0 });
    await define(ops, { name: 'web_forced', groups: [{ name: 'control', weight: 1 }], holdout_percent: 0 });
    await experimentDefinitions(t.deps.db, Date.now() + 60_000);
    const first = bootstrapOf((await memberClient.get('/today')).body).experiments.active;
    const second = bootstrapOf((await memberClient.get('/ideas')).body).experiments.active;
    expect(first['web_all_enabled']).toBe('enabled_big_tiles');
    expect(first['web_forced']).toBe('enabled_config');
    expect(['control', 'enabled']).toContain(first['web_new_grid']);
    expect(second).toEqual(first);
  });

  it('gives visitors an id cookie and a stable group, and bots no experiments', async () => {
    const visitor = await visitorClient(t);
    const first = await visitor.get('/today');
    expect(visitor.jar.get('cb_visitor')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const again = bootstrapOf((await visitor.get('/today')).body).experiments.active;
    expect(bootstrapOf(first.body).experiments.active).toEqual(again);
    expect(again['web_all_enabled']).toBe('enabled_big_tiles');
    const bot = await t.app.inject({ method: 'GET', url: '/today', headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } });
    expect(bootstrapOf(bot.body).experiments.active).toEqual({});
    expect(bot.cookies.some((c) => c.name === 'cb_visitor')).toBe(false);
  });

  it('records exposures of the assigned group only, and only with analytics consent', async () => {
    const activate = (client: TestClient, group: string) =>
      client.resource('ActivateExperimentResource', 'create', { experiment_name: 'web_all_enabled', experiment_group: group });
    expect((await activate(memberClient, 'control')).statusCode).toBe(400);
    expect((await memberClient.resource('ActivateExperimentResource', 'create', { experiment_name: 'unknown_one', experiment_group: 'a' })).statusCode).toBe(
      400,
    );
    expect((await memberClient.resource('ActivateExperimentResource', 'create', { experiments: [] })).statusCode).toBe(400);
    const refused = await activate(memberClient, 'enabled_big_tiles');
    expect(refused.json<Envelope<{ recorded: number }>>().resource_response.data.recorded).toBe(0);
    await t.deps.db.updateTable('users').set({ allow_analytic_cookies: 1 }).where('id', '=', member.id).execute();
    const recorded = await memberClient.resource('ActivateExperimentResource', 'create', {
      experiments: [{ experiment_name: 'web_all_enabled', experiment_group: 'enabled_big_tiles' }],
    });
    expect(recorded.json<Envelope<{ recorded: number }>>().resource_response.data.recorded).toBe(1);
    const { data } = await read<Experiment[]>(ops, 'ExperimentAdminResource');
    expect(data.find((e) => e.name === 'web_all_enabled')?.exposures).toEqual([{ group: 'enabled_big_tiles', count: 1 }]);
  });

  it('offers the pin-footer experience to enabled members until dismissed', async () => {
    expect((await read<Record<string, unknown>>(memberClient, 'ExperiencesResource')).data).toEqual({});
    await define(ops, { name: 'web_pin_footer_hidden', groups: [{ name: 'enabled', weight: 1 }], holdout_percent: 0 });
    await experimentDefinitions(t.deps.db, Date.now() + 60_000);
    const offered = await read<Record<string, { experience_id: number; status: string }>>(memberClient, 'ExperiencesResource', { placement_ids: ['1000069'] });
    expect(offered.data['1000069']).toEqual({ experience_id: 500417, status: 'active', placement: '1000069' });
    const page = (await memberClient.get('/today')).body;
    expect(page).toContain('"experiences":{"1000069":{"experience_id":500417');
    const mark = (status: string, experience = 500417) =>
      memberClient.resource('ExperiencesResource', 'update', { placement_id: '1000069', experience_id: experience, status });
    expect((await mark('viewed')).json<Envelope<{ status: string }>>().resource_response.data.status).toBe('viewed');
    expect((await mark('seen')).statusCode).toBe(400);
    expect((await mark('viewed', 1)).statusCode).toBe(404);
    expect(
      (await (await visitorClient(t)).resource('ExperiencesResource', 'update', { placement_id: '1000069', experience_id: 500417, status: 'viewed' }))
        .statusCode,
    ).toBe(401);
    expect((await mark('dismissed')).json<Envelope<null>>().resource_response.data).toBeNull();
    expect((await read<Record<string, unknown>>(memberClient, 'ExperiencesResource')).data).toEqual({});
    expect((await memberClient.getResource('ExperiencesResource', { placement_ids: ['abc'] })).statusCode).toBe(400);
  });

  it('keeps exposures apart per experiment and deletes them with it', async () => {
    const deleted = await ops.resource('ExperimentAdminResource', 'delete', { name: 'web_all_enabled' });
    expect(deleted.statusCode).toBe(200);
    const rows = await t.deps.db.selectFrom('experiment_exposures').selectAll().where('experiment', '=', 'web_all_enabled').execute();
    expect(rows).toEqual([]);
  });
});
