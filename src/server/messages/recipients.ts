import { blockedAmong } from '../access/conversation.repo.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { reachOf } from '../../shared/messages/send-rules.ts';
import { allowFromOf, followersAmong, userIdsByEmail } from './recipients.repo.ts';

export type Recipient = { userId: string; status: 'accepted' | 'request' };

/** The people a new conversation or an added member names: by id, or by account email. */
export async function resolveRecipients(deps: Deps, senderId: string, userIds: readonly string[], emails: readonly string[]): Promise<string[]> {
  const byEmail = await userIdsByEmail(deps.db, emails);
  for (const email of emails) if (!byEmail.has(email.toLowerCase())) throw new AppError('bad_request', `No one here uses ${email} yet.`);
  const ids = [...new Set([...userIds, ...byEmail.values()])].filter((id) => id !== senderId);
  if (ids.length === 0) throw new AppError('bad_request', 'Pick someone to send it to.');
  return ids;
}

/**
 * How each recipient is reached (send-rules.ts reachOf): a missing member or one with a block
 * either way is not found, one who does not take messages from the sender is refused (403).
 */
export async function reachRecipients(deps: Deps, senderId: string, ids: readonly string[]): Promise<Recipient[]> {
  const [allow, followers, blocked] = await Promise.all([
    allowFromOf(deps.db, ids),
    followersAmong(deps.db, senderId, ids),
    blockedAmong(deps.db, senderId, ids),
  ]);
  return ids.map((userId) => {
    const allowFrom = allow.get(userId);
    if (allowFrom === undefined || blocked.has(userId)) throw new AppError('not_found');
    const reach = reachOf(allowFrom, followers.has(userId));
    if (reach === 'refused') throw new AppError('forbidden', 'This person isn’t taking messages from you.');
    return { userId, status: reach === 'direct' ? 'accepted' : 'request' };
  });
}
