import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, signIn, visitorClient, withCountedTestApp } from '../../support/factories.ts';
import { failed, ok } from '../boards/helpers.ts';
import { businessSnapshot } from './helpers.ts';

type HistoryPage = { items: { action: string; actor: { username: string } | null; after: unknown }[]; bookmark: string | null };

describe.each(databaseKinds)('business console resources on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });

  it('a member turns their account into a business, makes an ad account and reads it in History; then cannot go personal while it has one', async () => {
    const user = await makeUser(t.deps, 'console');
    const browser = await signIn(t, user);
    expect(ok(await browser.resource('BusinessAccountResource', 'update', { business_name: 'Clay Works' }))).toEqual({ is_business: true });
    const account = ok<{ id: string; owner_id: string; currency: string }>(
      await browser.resource('AdAccountResource', 'create', { business_id: user.id, name: 'Spring sale', country: 'DE', currency: 'EUR' }),
    );
    expect(account).toMatchObject({ owner_id: user.id, currency: 'EUR' });
    const now = Date.now();
    const history = ok<HistoryPage>(await browser.getResource('BusinessHistoryResource', { business_id: user.id, from: now - 60_000, to: now + 60_000 }));
    expect(history.items.map((e) => [e.action, e.actor?.username, e.after])).toEqual([
      ['asset_changed', user.username, { kind: 'AD_ACCOUNT', name: 'Spring sale', country: 'DE', currency: 'EUR' }],
    ]);
    failed(await browser.resource('BusinessAccountResource', 'delete', {}), 409);
    const csv = await browser.get(`/v3/businesses/${user.id}/history/csv/?from=${now - 60_000}&to=${now + 60_000}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n').slice(0, 1)).toEqual(['when,who,action,subject,before,after']);
    expect(csv.body).toContain(`"${user.username}","asset_changed","${account.id}"`);
  });

  it('refuses bad input and strangers, changing nothing', async () => {
    const owner = await makeUser(t.deps, 'owner');
    const browser = await signIn(t, owner);
    ok(await browser.resource('BusinessAccountResource', 'update', { business_name: 'Owner Co' }));
    const stranger = await signIn(t, await makeUser(t.deps, 'stranger'));
    const visitor = await visitorClient(t);
    const before = await businessSnapshot(t);
    failed(await browser.resource('AdAccountResource', 'create', { business_id: owner.id, name: '', country: 'DE', currency: 'EUR' }), 400);
    failed(await browser.resource('AdAccountResource', 'create', { business_id: owner.id, name: 'X', country: 'ZZ', currency: 'EUR' }), 400);
    failed(await browser.resource('AdAccountResource', 'create', { business_id: owner.id, name: 'X', country: 'DE', currency: 'BTC' }), 400);
    failed(await browser.resource('AdAccountResource', 'create', { business_id: 'me', name: 'X', country: 'DE', currency: 'EUR' }), 400);
    failed(await browser.resource('BusinessAccountResource', 'update', { business_name: ' ' }), 400);
    failed(await stranger.resource('AdAccountResource', 'create', { business_id: owner.id, name: 'X', country: 'DE', currency: 'EUR' }), 404);
    failed(await stranger.getResource('BusinessHistoryResource', { business_id: owner.id }), 404);
    failed(await visitor.getResource('BusinessHistoryResource', { business_id: owner.id }), 401);
    failed(await visitor.resource('BusinessAccountResource', 'update', { business_name: 'Nope' }), 401);
    expect((await stranger.get(`/v3/businesses/${owner.id}/history/csv/`)).statusCode).toBe(404);
    expect((await browser.get(`/v3/businesses/${owner.id}/history/csv/?from=abc`)).statusCode).toBe(400);
    expect((await browser.get(`/v3/businesses/${owner.id}/history/csv/?from=10&to=5`)).statusCode).toBe(400);
    expect(await businessSnapshot(t)).toBe(before);
  });
});
