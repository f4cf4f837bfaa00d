import { z } from 'zod';
import { recipientReader } from '../access/authorized.ts';
import { transact } from '../db/transaction.ts';
import { newId } from '../db/ids.ts';
import type { Deps } from '../deps.ts';
import type { Mail } from '../ports/mail/mailer.ts';
import type { JobHandler } from '../ports/queue/job-queue.ts';
import {
  channelOff,
  deleteDeliveries,
  dueDeliveries,
  insertDigest,
  lastDigestAt,
  markDigestSent,
  memberAddress,
  notificationsByIds,
  unsentDigests,
  type DueDelivery,
} from './delivery.repo.ts';
import { unsubscribeToken } from './instance-keys.ts';
import { newsSentence } from './news-text.ts';
import { present } from './notifications.service.ts';
import { byRecipient } from './push.job.ts';

/**
 * News by email (docs/decisions/0053-push-and-email.md): a notification is mailed only if it is
 * still unseen in the app once its delay is over, and a member gets at most one digest per period,
 * holding every notification owed to them then. A digest is written (with its mail) in the same
 * transaction that takes its deliveries, then sent under its own id, so a crash at any point
 * neither loses it nor mails it twice through the outbox.
 */
export const NEWS_MAIL_JOB = 'notifications.mail';

/** How often the job looks for mail owed. */
const TICK_MS = 60_000;
const BATCH = 2_000;
const SHOWN = 10;

export async function scheduleNewsMail(deps: Pick<Deps, 'ports'>, runAt = Date.now() + TICK_MS): Promise<void> {
  await deps.ports.queue.enqueue({ type: NEWS_MAIL_JOB, payload: {}, dedupeKey: NEWS_MAIL_JOB, runAt });
}

export function newsMailJob(deps: Deps): JobHandler {
  return async () => {
    await mailDueNews(deps);
    await scheduleNewsMail(deps);
  };
}

/** Sends the digests owed at `now`; answers how many mails went out. */
export async function mailDueNews(deps: Deps, now = Date.now()): Promise<number> {
  let sent = await sendWritten(deps, now);
  const due = await dueDeliveries(deps.db, 'email', now, BATCH);
  for (const [recipient, rows] of byRecipient(due)) {
    const last = await lastDigestAt(deps.db, recipient);
    // Within the period of the last digest: these wait for the next one.
    if (last !== undefined && now - last < deps.config.news.digestPeriodMs) continue;
    const mail = await digestOf(deps, recipient, rows);
    await transact(deps.db, async (trx) => {
      if (mail) await insertDigest(trx, { id: mail.id, recipient_id: recipient, mail: JSON.stringify(mail), created_at: now });
      await deleteDeliveries(
        trx,
        rows.map((r) => r.id),
      );
    });
  }
  sent += await sendWritten(deps, now);
  return sent;
}

const StoredMail = z.object({ to: z.string(), subject: z.string(), text: z.string(), headers: z.record(z.string(), z.string()), id: z.string() });

async function sendWritten(deps: Deps, now: number): Promise<number> {
  const digests = await unsentDigests(deps.db, BATCH);
  for (const digest of digests) {
    await deps.ports.mail.send(StoredMail.parse(JSON.parse(digest.mail)));
    await markDigestSent(deps.db, digest.id, now);
  }
  return digests.length;
}

/** The digest of what is still unseen and wanted by email, or null when nothing is. */
async function digestOf(deps: Deps, recipient: string, rows: readonly DueDelivery[]): Promise<(Mail & { id: string }) | null> {
  const member = await memberAddress(deps.db, recipient);
  if (!member) return null;
  const wanted: string[] = [];
  for (const row of rows) if (!(await channelOff(deps.db, [recipient], row.kind, 'email')).has(recipient)) wanted.push(row.notification_id);
  const unseen = (await notificationsByIds(deps.db, [...new Set(wanted)])).filter((n) => n.seen_at === null);
  const items = await present(deps, recipientReader(recipient), recipient, unseen);
  const [first] = items;
  if (!first) return null;
  const link = (url: string) => new URL(url, deps.config.publicUrl).toString();
  const unsubscribe = new URL('/v3/notifications/unsubscribe/', deps.config.publicUrl);
  unsubscribe.searchParams.set('token', await unsubscribeToken(deps, recipient));
  const lines = items.slice(0, SHOWN).flatMap((item) => [`- ${newsSentence(member.locale, item)}`, `  ${link(item.url)}`]);
  const more = items.length > SHOWN ? [`…and ${items.length - SHOWN} more.`] : [];
  return {
    id: `news-digest.${newId()}`,
    to: member.email,
    subject: items.length === 1 ? `Corkboard: ${newsSentence(member.locale, first)}` : `Corkboard: ${items.length} updates for you`,
    text: [
      'While you were away:',
      '',
      ...lines,
      ...more,
      '',
      `See all your updates: ${link('/')}`,
      '',
      'To stop news by email, open this link (no sign-in needed):',
      unsubscribe.toString(),
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${unsubscribe.toString()}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
