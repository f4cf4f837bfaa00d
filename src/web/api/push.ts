import { callResource } from './http.ts';
import { getResource } from './resources.ts';

/* News by web push on this device (docs/decisions/0053-push-and-email.md). */

export const PUSH_WORKER_URL = '/push-worker.js';

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(PUSH_WORKER_URL);
  return registration ? registration.pushManager.getSubscription() : null;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** Asks for permission (call it from a click: browsers allow the prompt only on a user gesture), subscribes, registers the device. */
export async function turnPushOn(): Promise<PushState> {
  if ((await Notification.requestPermission()) !== 'granted') return Notification.permission === 'denied' ? 'blocked' : 'off';
  const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  const { public_key } = await getResource('PushKeyResource', {});
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(public_key) }));
  const { endpoint, keys } = subscription.toJSON();
  await callResource('PushSubscriptionResource', 'create', { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } });
  return 'on';
}

export async function turnPushOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await callResource('PushSubscriptionResource', 'delete', { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return 'off';
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
