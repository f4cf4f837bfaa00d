import crypto from 'node:crypto';
import type { Actor } from '../access/actor.ts';
import { readerOf, requireFullSession } from '../access/authorized.ts';
import { requireNotBlocked } from '../access/block.policy.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { loadUserCards } from '../users/user-cards.ts';
import { allowFromOf } from './recipients.repo.ts';
import { inviteByCode, inviteCodeOf } from './invites.repo.ts';

/** InviteCodeResource create: the caller's code for links they share through a channel. */
export async function inviteCode(deps: Deps, actor: Actor, channel: number): Promise<{ invite_code: string }> {
  const member = requireFullSession(actor);
  const fresh = crypto.randomBytes(12).toString('base64url');
  return { invite_code: await transact(deps.db, (trx) => inviteCodeOf(trx, member.userId, channel, fresh, Date.now())) };
}

const NOTHING = { sender: null, invite_channel: null };

/**
 * InviteCodeMetadataResource get: the inviter and the channel, for the landing (business spec
 * section 4). An unknown code, or an inviter with a block between them and the reader, answers
 * nulls: the landing shows nothing.
 */
export async function inviteMetadata(deps: Deps, actor: Actor, code: string) {
  const invite = await inviteByCode(deps.db, code);
  if (!invite) return NOTHING;
  const reader = readerOf(actor);
  try {
    await requireNotBlocked(deps.db, reader, invite.sender_id);
  } catch (error) {
    if (error instanceof AppError) return NOTHING;
    throw error;
  }
  const card = (await loadUserCards(deps, reader, [invite.sender_id])).get(invite.sender_id);
  if (!card) return NOTHING;
  const allowFrom = (await allowFromOf(deps.db, [invite.sender_id])).get(invite.sender_id);
  return {
    sender: {
      id: card.id,
      first_name: card.first_name,
      full_name: card.full_name,
      image_medium_url: card.image_medium_url,
      should_show_messaging: allowFrom !== 'nobody',
    },
    invite_channel: invite.channel,
  };
}
