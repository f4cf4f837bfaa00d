import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDuePushes } from '../../../src/server/notifications/push.job.ts';
import { followUser } from '../../../src/server/social/follows.service.ts';
import { updateNotificationSettings } from '../../../src/server/users/notification-settings.service.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, signIn, visitorClient } from '../../support/factories.ts';
import { fakeDevice, startPushService, type PushService } from '../../support/push-service.ts';
import { settle } from '../../support/settle.ts';
import { failed, ok } from '../boards/helpers.ts';

/*
 * News by web push (docs/decisions/0053-push-and-email.md): the instance's VAPID key, each member's
 * devices, and pushes that reach a push service (here a stand-in on 127.0.0.1) encrypted for the
 * device and signed with the instance's key; a device whose push service answers 410 is forgotten.
 */

describe.each(databaseKinds)('web push on %s', (kind) => {
  let t: TestApp;
  let service: PushService;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    service = await startPushService();
    return () => t.close();
  });
  afterAll(() => service.close());

  const devicesOf = (userId: string) => t.deps.db.selectFrom('push_subscriptions').select(['endpoint', 'user_id']).where('user_id', '=', userId).execute();

  it('answers one VAPID public key to everyone, made once and kept in the database', async () => {
    const visitor = await visitorClient(t);
    const first = ok<{ public_key: string }>(await visitor.getResource('PushKeyResource', {}));
    expect(Buffer.from(first.public_key, 'base64url')).toHaveLength(65);
    const member = await signIn(t, await makeUser(t.deps, 'keyreader'));
    expect(ok<{ public_key: string }>(await member.getResource('PushKeyResource', {})).public_key).toBe(first.public_key);
    const stored = await t.deps.db.selectFrom('instance_keys').select('value').where('name', '=', 'vapid').executeTakeFirstOrThrow();
    expect((JSON.parse(stored.value) as { publicKey: string }).publicKey).toBe(first.public_key);
  });

  it('serves the service worker from the site root, as script of our own origin', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/push-worker.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.body).toContain("addEventListener('push'");
    expect(answer.body).toContain("addEventListener('notificationclick'");
    expect(String(answer.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('refuses bad subscriptions with a clear error and stores nothing', async () => {
    const user = await makeUser(t.deps, 'badsub');
    const browser = await signIn(t, user);
    const { subscription } = fakeDevice(service.origin, 'bad');
    const bad: [unknown, string][] = [
      [{}, 'endpoint'],
      [{ ...subscription, endpoint: 'http://127.0.0.1/push/x' }, 'https'],
      [{ ...subscription, endpoint: 'not a url' }, 'endpoint'],
      [{ ...subscription, keys: { ...subscription.keys, p256dh: 'short' } }, '65 bytes'],
      [{ ...subscription, keys: { ...subscription.keys, auth: subscription.keys.p256dh } }, '16 bytes'],
      [{ ...subscription, keys: { p256dh: subscription.keys.p256dh } }, 'auth'],
      [{ ...subscription, extra: 1 }, 'extra'],
    ];
    for (const [input, words] of bad) {
      const answer = await browser.resource('PushSubscriptionResource', 'create', input as Record<string, unknown>);
      failed(answer, 400);
      expect(answer.body).toContain(words);
    }
    failed(await browser.resource('PushSubscriptionResource', 'delete', { endpoint: 'ftp://x' }), 400);
    expect(await devicesOf(user.id)).toEqual([]);
  });

  it('keeps a device per member: visitors and tokens refused, nobody removes another member’s device', async () => {
    const owner = await makeUser(t.deps, 'devowner');
    const mine = await signIn(t, owner);
    const { subscription } = fakeDevice(service.origin, 'owner-phone');
    expect(ok<{ devices: number }>(await mine.resource('PushSubscriptionResource', 'create', subscription)).devices).toBe(1);
    // Registering the same device again changes nothing.
    expect(ok<{ devices: number }>(await mine.resource('PushSubscriptionResource', 'create', subscription)).devices).toBe(1);

    const other = await signIn(t, await makeUser(t.deps, 'devother'));
    expect(ok<{ devices: number }>(await other.resource('PushSubscriptionResource', 'delete', { endpoint: subscription.endpoint })).devices).toBe(0);
    const visitor = await visitorClient(t);
    failed(await visitor.resource('PushSubscriptionResource', 'create', fakeDevice(service.origin, 'visitor').subscription), 401);
    failed(await visitor.resource('PushSubscriptionResource', 'delete', { endpoint: subscription.endpoint }), 401);
    const { token } = ok<{ token: string }>(await mine.resource('PersonalAccessTokenResource', 'create', { name: 'push', scopes: ['user_accounts:read'] }));
    const byToken = await t.app.inject({
      method: 'POST',
      url: '/resource/PushSubscriptionResource/delete/',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ data: JSON.stringify({ options: { endpoint: subscription.endpoint }, context: {} }) }).toString(),
    });
    expect(byToken.statusCode).toBe(403);
    expect(await devicesOf(owner.id)).toEqual([{ endpoint: subscription.endpoint, user_id: owner.id }]);

    expect(ok<{ devices: number }>(await mine.resource('PushSubscriptionResource', 'delete', { endpoint: subscription.endpoint })).devices).toBe(0);
    expect(await devicesOf(owner.id)).toEqual([]);
  });

  it('pushes news encrypted for the device and signed with the VAPID key; the push switch stops it; 410 forgets the device', async () => {
    const owner = await makeUser(t.deps, 'pushed', { first_name: 'Pushed', last_name: 'Person' });
    const mine = await signIn(t, owner);
    const device = fakeDevice(service.origin, `pushed-${kind}`);
    ok(await mine.resource('PushSubscriptionResource', 'create', device.subscription));
    const { public_key } = ok<{ public_key: string }>(await mine.getResource('PushKeyResource', {}));
    const ana = await makeUser(t.deps, 'anapush', { first_name: 'Ana', last_name: 'Push' });

    const before = service.received.length;
    await followUser(t.deps, ana.actor, owner.id);
    await settle(t.deps);
    expect(await sendDuePushes(t.deps)).toBe(1);
    const push = service.received.at(-1);
    if (!push || service.received.length !== before + 1) throw new Error('the push service got no push');
    expect(push.path).toBe(`/push/pushed-${kind}`);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const authorization = String(push.headers.authorization);
    expect(authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(authorization.endsWith(`k=${public_key}`)).toBe(true);
    const claims = JSON.parse(Buffer.from(authorization.split('.')[1] ?? '', 'base64url').toString()) as { aud: string; sub: string };
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toMatch(/^mailto:/);
    expect(push.body.toString('utf8')).not.toContain('Ana Push');
    const payload = JSON.parse(device.decrypt(push.body)) as { title: string; body: string; url: string; tag: string };
    expect(payload.body).toBe('Ana Push started following you');
    expect(payload.url).toBe(new URL(`/${ana.username}/`, t.config.publicUrl).toString());
    // Delivered once: the job owes nothing more.
    expect(await sendDuePushes(t.deps)).toBe(0);

    await updateNotificationSettings(t.deps, owner.actor, { new_followers: { push: false } });
    await followUser(t.deps, (await makeUser(t.deps, 'benpush')).actor, owner.id);
    await settle(t.deps);
    expect(await sendDuePushes(t.deps)).toBe(0);
    expect(service.received).toHaveLength(before + 1);

    await updateNotificationSettings(t.deps, owner.actor, { new_followers: { push: true } });
    service.answer(410);
    await followUser(t.deps, (await makeUser(t.deps, 'cypush')).actor, owner.id);
    await settle(t.deps);
    expect(await sendDuePushes(t.deps)).toBe(0);
    expect(service.received).toHaveLength(before + 2);
    expect(await devicesOf(owner.id)).toEqual([]);
    service.answer(201);
  });
});
