import { NOTIFICATION_KINDS } from '../../shared/member-settings.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { writeNotificationSwitches } from '../users/member-settings.repo.ts';
import { memberAddress } from './delivery.repo.ts';
import { memberOfToken } from './instance-keys.ts';

/**
 * The one-click unsubscribe of a news mail (RFC 8058; docs/decisions/0053-push-and-email.md): the
 * signed token is the authority, not a session, so it works from a mail client's button and from a
 * signed-out browser. It turns every kind of news by email off; a forged or altered token changes nothing.
 */
export async function unsubscribeFromNewsMail(deps: Deps, token: string): Promise<{ email_news: false }> {
  const userId = await memberOfToken(deps, token);
  if (!userId || !(await memberAddress(deps.db, userId))) throw new AppError('invalid_token');
  const switches = NOTIFICATION_KINDS.map((kind) => ({ kind, channel: 'email' as const, enabled: false }));
  await transact(deps.db, async (trx) => {
    await writeNotificationSwitches(trx, userId, switches, Date.now());
    await deps.events.record(trx, userId, { type: 'settings.changed', userId, area: 'notifications' });
  });
  return { email_news: false };
}
