import type { InteractionSettings, InteractionSettingsChange } from '../../shared/contracts/settings.ts';
import { audienceAllows, type Interaction, type InteractionAudience } from '../../shared/member-settings.ts';
import type { Actor } from '../access/actor.ts';
import { requireSession } from '../access/authorized.ts';
import { blockStateBetween } from '../access/block.policy.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { audienceOf, flag, follows, readMemberSettings, writeMemberSettings, type MemberSettingsChange } from './member-settings.repo.ts';

const AUDIENCE_COLUMN = { mention: 'mention_audience', comment: 'comment_audience', message: 'message_audience' } as const;

async function readInteractions(deps: Deps, userId: string): Promise<InteractionSettings> {
  const settings = await readMemberSettings(deps.db, userId);
  return {
    mention_audience: settings.mention_audience as InteractionAudience,
    comment_audience: settings.comment_audience as InteractionAudience,
    message_audience: settings.message_audience as InteractionAudience,
    mention_notifications: settings.mention_notifications === 1,
    contact_requests: settings.contact_requests === 1,
  };
}

/** InteractionSettingsResource get: the permissions, mentions and messages areas' choices. */
export async function getInteractionSettings(deps: Deps, actor: Actor): Promise<InteractionSettings> {
  const member = requireSession(actor);
  return readInteractions(deps, member.userId);
}

/** InteractionSettingsResource update. */
export async function updateInteractionSettings(deps: Deps, actor: Actor, change: InteractionSettingsChange): Promise<InteractionSettings> {
  const member = requireSession(actor);
  const { mention_notifications, contact_requests, ...audiences } = change;
  const columns: MemberSettingsChange = { ...audiences };
  if (mention_notifications !== undefined) columns.mention_notifications = flag(mention_notifications);
  if (contact_requests !== undefined) columns.contact_requests = flag(contact_requests);
  await transact(deps.db, async (trx) => {
    await writeMemberSettings(trx, member.userId, columns, Date.now());
    await deps.events.record(trx, member.userId, { type: 'settings.changed', userId: member.userId, area: 'interactions' });
  });
  return readInteractions(deps, member.userId);
}

/**
 * Whether `actorId` may mention, comment on the pins of, or message `ownerId`, by the owner's
 * choice (everyone, people the owner follows, nobody). A block either way refuses everything.
 * The comments, mentions and messages services ask this before they write.
 */
export async function mayInteract(deps: Deps, actorId: string, ownerId: string, interaction: Interaction): Promise<boolean> {
  if (actorId === ownerId) return true;
  const blocks = await blockStateBetween(deps.db, actorId, ownerId);
  if (blocks.blockedByMe || blocks.blockedMe) return false;
  const audience = await audienceOf(deps.db, ownerId, AUDIENCE_COLUMN[interaction]);
  // Who the owner follows matters only to that audience: the others answer without the probe.
  const ownerFollowsActor = audience === 'following' && (await follows(deps.db, ownerId, actorId));
  return audienceAllows(audience, { isOwner: false, ownerFollowsActor });
}
