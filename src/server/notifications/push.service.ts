import type { Actor } from '../access/actor.ts';
import { requireSession } from '../access/authorized.ts';
import { newId } from '../db/ids.ts';
import type { Deps } from '../deps.ts';
import { deletePushSubscription, pushSubscriptionsOf, savePushSubscription } from './delivery.repo.ts';
import { instanceKeys } from './instance-keys.ts';

/** News by web push (docs/decisions/0053-push-and-email.md): the key browsers subscribe with, and each member's devices. */
export type PushSubscriptionInput = { endpoint: string; keys: { p256dh: string; auth: string } };

/** PushKeyResource get: public by nature (every subscribing page needs it). */
export async function pushPublicKey(deps: Deps): Promise<{ public_key: string }> {
  return { public_key: (await instanceKeys(deps)).vapid.publicKey };
}

/** PushSubscriptionResource create: this device now gets the caller's news by push (their push switches permitting). */
export async function subscribeDevice(deps: Deps, actor: Actor, input: PushSubscriptionInput): Promise<{ devices: number }> {
  const member = requireSession(actor);
  await savePushSubscription(deps.db, { id: newId(), user_id: member.userId, endpoint: input.endpoint, ...input.keys, created_at: Date.now() });
  return { devices: (await pushSubscriptionsOf(deps.db, member.userId)).length };
}

/** PushSubscriptionResource delete: only the caller's own device registration goes; another member's stays. */
export async function unsubscribeDevice(deps: Deps, actor: Actor, endpoint: string): Promise<{ devices: number }> {
  const member = requireSession(actor);
  await deletePushSubscription(deps.db, member.userId, endpoint);
  return { devices: (await pushSubscriptionsOf(deps.db, member.userId)).length };
}
