import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationJson, SettingsGroups } from '../../../src/shared/contracts/notifications.ts';
import { followUser } from '../../../src/server/social/follows.service.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { settle } from '../../support/settle.ts';
import { ok } from '../boards/helpers.ts';

/*
 * /v3/settings/news/ and /v3/settings/push/ (business spec sections 3 and 4): groups of options
 * with id and value over the same switches as the settings page; an in-app switch turned off
 * stops that kind of news from arriving in the news hub.
 */

type Rest<T> = { status: string; data: T; code: number; message: string };

describe.each(databaseKinds)('news and push settings on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    return () => t.close();
  });

  async function member(name: string): Promise<{ user: TestUser; browser: TestClient }> {
    const user = await makeUser(t.deps, name);
    return { user, browser: await signIn(t, user) };
  }

  const put = (client: TestClient, page: string, body: unknown) =>
    client.request({ method: 'PUT', url: `/v3/settings/${page}/`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const groups = async (client: TestClient, page: string) => {
    const response = await client.get(`/v3/settings/${page}/`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Rest<SettingsGroups>>().data;
  };

  it('answers every kind of news as a group, all on at first: in-app and email under news, push under push', async () => {
    const { browser } = await member('fresh');
    const news = await groups(browser, 'news');
    expect(news.map((g) => g.id)).toEqual(['new_followers', 'saves', 'comments', 'mentions', 'board_invitations', 'messages']);
    expect(news[0]).toEqual({
      id: 'new_followers',
      options: [
        { id: 'in_app', value: true },
        { id: 'email', value: true },
      ],
    });
    expect((await groups(browser, 'push'))[1]).toEqual({ id: 'saves', options: [{ id: 'push', value: true }] });
  });

  it('changes only the options named, shows them on the settings page, and an in-app switch off stops that news', async () => {
    const { user, browser } = await member('chooser');
    const response = await put(browser, 'news', { groups: [{ id: 'new_followers', options: [{ id: 'in_app', value: false }] }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Rest<SettingsGroups>>().data[0]?.options).toEqual([
      { id: 'in_app', value: false },
      { id: 'email', value: true },
    ]);
    expect((await put(browser, 'push', { groups: [{ id: 'comments', options: [{ id: 'push', value: false }] }] })).statusCode).toBe(200);
    const page = ok<Record<string, Record<string, boolean>>>(await browser.getResource('NotificationSettingsResource', {}));
    expect(page.new_followers).toEqual({ in_app: false, email: true, push: true });
    expect(page.comments).toEqual({ in_app: true, email: true, push: false });
    await followUser(t.deps, (await makeUser(t.deps, 'follower')).actor, user.id);
    await settle(t.deps);
    expect(ok<NotificationJson[]>(await browser.getResource('NewsHubResource', {}))).toEqual([]);
  });

  it('refuses bad input with a clear 400 and changes nothing; a visitor is asked to sign in', async () => {
    const { browser } = await member('tidy');
    const before = await groups(browser, 'news');
    const bad = [
      {},
      { groups: [] },
      { groups: [{ id: 'spam', options: [{ id: 'in_app', value: false }] }] },
      { groups: [{ id: 'saves', options: [{ id: 'push', value: false }] }] },
      { groups: [{ id: 'saves', options: [{ id: 'in_app', value: 'no' }] }] },
      { groups: [{ id: 'saves', options: [] }] },
      { groups: [{ id: 'saves', options: [{ id: 'in_app', value: false, extra: 1 }] }] },
    ];
    for (const body of bad) {
      const response = await put(browser, 'news', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ status: string; message: string }>()).toMatchObject({ status: 'failure' });
    }
    expect((await put(browser, 'push', { groups: [{ id: 'saves', options: [{ id: 'email', value: false }] }] })).statusCode).toBe(400);
    expect(await groups(browser, 'news')).toEqual(before);
    const visitor = await visitorClient(t);
    expect((await visitor.get('/v3/settings/news/')).statusCode).toBe(401);
    expect((await put(visitor, 'push', { groups: [{ id: 'saves', options: [{ id: 'push', value: false }] }] })).statusCode).toBe(401);
  });
});
