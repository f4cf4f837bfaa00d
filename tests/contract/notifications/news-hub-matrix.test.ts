import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationJson } from '../../../src/shared/contracts/notifications.ts';
import { followUser } from '../../../src/server/social/follows.service.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, signIn, visitorClient } from '../../support/factories.ts';
import { settle } from '../../support/settle.ts';
import { failed, ok } from '../boards/helpers.ts';

/*
 * Authorization matrix of the news hub: a member's notifications are theirs alone. Actors (the
 * recipient, another member, a visitor, the recipient's personal access token) × actions (list,
 * badge, mark seen all, mark seen by id): only the recipient's browser session reads or marks
 * them; nothing of them leaks to anyone else.
 */

describe.each(databaseKinds)('news hub authorization on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    return () => t.close();
  });

  it('every actor × action, with 0 leaks', async () => {
    const recipient = await makeUser(t.deps, 'recipient');
    const mine = await signIn(t, recipient);
    await followUser(t.deps, (await makeUser(t.deps, 'follower')).actor, recipient.id);
    await settle(t.deps);
    const [note] = ok<NotificationJson[]>(await mine.getResource('NewsHubResource', {}));
    if (!note) throw new Error('the follow made no notification');
    const unseen = async () => ok<{ news_hub_unseen_count: number }>(await mine.getResource('NewsHubBadgeResource', {})).news_hub_unseen_count;

    const other = await signIn(t, await makeUser(t.deps, 'other'));
    expect(JSON.stringify(ok(await other.getResource('NewsHubResource', {})))).not.toContain(note.id);
    expect(ok<{ news_hub_unseen_count: number }>(await other.getResource('NewsHubBadgeResource', {})).news_hub_unseen_count).toBe(0);
    ok(await other.resource('NewsHubResource', 'update', {}));
    ok(await other.resource('NewsHubResource', 'update', { notification_ids: [note.id] }));
    expect(await unseen()).toBe(1);

    const visitor = await visitorClient(t);
    failed(await visitor.getResource('NewsHubResource', {}), 401);
    failed(await visitor.getResource('NewsHubBadgeResource', {}), 401);
    failed(await visitor.resource('NewsHubResource', 'update', { notification_ids: [note.id] }), 401);

    const { token } = ok<{ token: string }>(await mine.resource('PersonalAccessTokenResource', 'create', { name: 'news', scopes: ['user_accounts:read'] }));
    for (const name of ['NewsHubResource', 'NewsHubBadgeResource']) {
      const byToken = await t.app.inject({
        method: 'GET',
        url: `/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options: {}, context: {} }))}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(byToken.statusCode).toBe(403);
      expect(byToken.body).not.toContain(note.id);
    }
    expect(await unseen()).toBe(1);

    expect(ok<{ news_hub_unseen_count: number }>(await mine.resource('NewsHubResource', 'update', { notification_ids: [note.id] })).news_hub_unseen_count).toBe(
      0,
    );
  });
});
