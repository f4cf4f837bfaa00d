import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { failed, ok } from '../boards/helpers.ts';
import { follow, friends, person, start } from './helpers.ts';

/*
 * Reporting a conversation (docs/decisions/0044 and 0049): only its members may, anyone else is
 * told it does not exist and nothing is filed; a direct conversation's case is about the other
 * member, a group's about nobody in particular.
 */
describe.each(databaseKinds)('conversation reports on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    return () => t.close();
  });

  const caseOf = (conversationId: string) =>
    t.deps.db
      .selectFrom('moderation_cases')
      .select(['subject_id', 'report_count'])
      .where('target_type', '=', 'conversation')
      .where('target_id', '=', conversationId)
      .executeTakeFirst();
  const report = (browser: TestClient, id: string) =>
    browser.resource('ReportResource', 'create', { target: { type: 'conversation', id }, reason: 'harassment' });

  it('a member of a direct conversation reports it about the other member; an outsider meets not found', async () => {
    const [ana, ben] = await friends(t, 'rep', 'rec');
    const direct = await start(ana, [ben], 'buy my stuff');
    ok(await report(ben.browser, direct.id));
    expect(await caseOf(direct.id)).toMatchObject({ subject_id: ana.user.id, report_count: 1 });

    const outsider = await person(t, 'nosy');
    failed(await report(outsider.browser, direct.id), 404);
    failed(await report(outsider.browser, '123456789012345678'), 404);
    expect(await caseOf(direct.id)).toMatchObject({ report_count: 1 });
  });

  it('a group conversation’s case names no subject', async () => {
    const [ana, ben] = await friends(t, 'gro', 'grp');
    const cy = await person(t, 'grq');
    await follow(ana, cy);
    await follow(cy, ana);
    await follow(cy, ben);
    await follow(ben, cy);
    const group = await start(ana, [ben, cy], 'hello all', { name: 'Bakers' });
    expect(group.is_group).toBe(true);
    ok(await report(ben.browser, group.id));
    expect(await caseOf(group.id)).toMatchObject({ subject_id: null, report_count: 1 });
  });
});
