import webpush, { WebPushError } from 'web-push';
import { recipientReader } from '../access/authorized.ts';
import type { Deps } from '../deps.ts';
import type { NodeSubscriber } from '../events/event-bus.ts';
import type { JobHandler } from '../ports/queue/job-queue.ts';
import {
  channelOff,
  deleteDeliveries,
  dropPushSubscription,
  dueDeliveries,
  memberAddress,
  notificationsByIds,
  pushSubscriptionsOf,
  type DueDelivery,
} from './delivery.repo.ts';
import { instanceKeys } from './instance-keys.ts';
import { newsSentence } from './news-text.ts';
import { present } from './notifications.service.ts';

/**
 * News by web push (docs/decisions/0053-push-and-email.md), sent by a job so a slow push service
 * holds up neither the news hub's subscriber nor a request. The job takes the deliveries owed,
 * checks the switch and what the member may still see, pushes each to every device of theirs and
 * forgets a device whose push service answers 404 or 410 (the subscription is gone).
 */
export const NEWS_PUSH_JOB = 'notifications.push';

const BATCH = 100;
/** A push the device does not collect within a day is stale news; the news hub still has it. */
const TTL_SECONDS = 86_400;
const TIMEOUT_MS = 10_000;

/** Wakes the push job; a second wake while one waits changes nothing. */
export async function wakePush(deps: Pick<Deps, 'ports'>): Promise<void> {
  await deps.ports.queue.enqueue({ type: NEWS_PUSH_JOB, payload: {}, dedupeKey: NEWS_PUSH_JOB });
}

/** After news is written (on any node), this node wakes the push job: the pushes owe nothing to the subscriber's pace. */
export function pushWaker(deps: Deps): NodeSubscriber {
  return { name: 'push-waker', types: ['notifications.changed'], apply: () => wakePush(deps) };
}

export function pushJob(deps: Deps): JobHandler {
  return async () => {
    await sendDuePushes(deps);
  };
}

/** Sends every push owed now; answers how many pushes the push services accepted. */
export async function sendDuePushes(deps: Deps, now = Date.now()): Promise<number> {
  let accepted = 0;
  for (;;) {
    const due = await dueDeliveries(deps.db, 'push', now, BATCH);
    if (due.length === 0) return accepted;
    for (const [recipient, rows] of byRecipient(due)) accepted += await pushTo(deps, recipient, rows);
    // At least once: a crash before this line pushes the batch again, which a device shows once (same tag).
    await deleteDeliveries(
      deps.db,
      due.map((d) => d.id),
    );
  }
}

async function pushTo(deps: Deps, recipient: string, rows: readonly DueDelivery[]): Promise<number> {
  const devices = await pushSubscriptionsOf(deps.db, recipient);
  const member = await memberAddress(deps.db, recipient);
  if (devices.length === 0 || !member) return 0;
  const wanted = [];
  for (const row of rows) if (!(await channelOff(deps.db, [recipient], row.kind, 'push')).has(recipient)) wanted.push(row.notification_id);
  const rowsNow = (await notificationsByIds(deps.db, [...new Set(wanted)])).filter((n) => n.seen_at === null);
  const items = await present(deps, recipientReader(recipient), recipient, rowsNow);
  const { vapid } = await instanceKeys(deps);
  let accepted = 0;
  const gone = new Set<string>();
  for (const item of items) {
    const payload = JSON.stringify({
      title: 'Corkboard',
      body: newsSentence(member.locale, item),
      url: new URL(item.url, deps.config.publicUrl).toString(),
      tag: item.id,
    });
    for (const device of devices.filter((d) => !gone.has(d.id))) {
      try {
        await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
          vapidDetails: { subject: deps.config.news.vapidSubject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: TTL_SECONDS,
          timeout: TIMEOUT_MS,
        });
        accepted += 1;
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          await dropPushSubscription(deps.db, device.id);
          gone.add(device.id);
          continue;
        }
        // Push is a nudge, not the record: a push service that fails now loses this push only.
        deps.log.warn({ err: error, endpoint: new URL(device.endpoint).origin }, 'A push service refused a push');
      }
    }
  }
  return accepted;
}

export function byRecipient(rows: readonly DueDelivery[]): Map<string, DueDelivery[]> {
  const out = new Map<string, DueDelivery[]>();
  for (const row of rows) out.set(row.recipient_id, [...(out.get(row.recipient_id) ?? []), row]);
  return out;
}
