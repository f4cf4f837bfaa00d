import type { PrivacySettings } from '../../shared/contracts/settings.ts';
import type { Actor } from '../access/actor.ts';
import { requireSession } from '../access/authorized.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { updateAccountFields, type AccountFields } from './account-settings.repo.ts';
import { flag, isHiddenFromSearchEngines, readMemberSettings, writeMemberSettings, type MemberSettingsChange } from './member-settings.repo.ts';
import { findUserById } from './users.repo.ts';

type PrivacyChange = Partial<PrivacySettings>;

async function readPrivacy(deps: Deps, userId: string): Promise<PrivacySettings> {
  const [user, settings] = await Promise.all([findUserById(deps.db, userId), readMemberSettings(deps.db, userId)]);
  if (!user) throw new AppError('unauthorized');
  return {
    is_private_profile: settings.is_private_profile === 1,
    exclude_from_search: settings.exclude_from_search === 1,
    allow_personalization_cookies: user.allow_personalization_cookies === 1,
    allow_analytic_cookies: user.allow_analytic_cookies === 1,
    allow_marketing_cookies: user.allow_marketing_cookies === 1,
  };
}

/** PrivacySettingsResource get. */
export async function getPrivacySettings(deps: Deps, actor: Actor): Promise<PrivacySettings> {
  const member = requireSession(actor);
  return readPrivacy(deps, member.userId);
}

/**
 * PrivacySettingsResource update: the profile's privacy and indexing live in member_settings; the
 * three consents are the account's cookie flags, the same the cookie banner sets.
 */
export async function updatePrivacySettings(deps: Deps, actor: Actor, change: PrivacyChange): Promise<PrivacySettings> {
  const member = requireSession(actor);
  const settings: MemberSettingsChange = {};
  if (change.is_private_profile !== undefined) settings.is_private_profile = flag(change.is_private_profile);
  if (change.exclude_from_search !== undefined) settings.exclude_from_search = flag(change.exclude_from_search);
  const consents: AccountFields = {};
  if (change.allow_personalization_cookies !== undefined) consents.allow_personalization_cookies = flag(change.allow_personalization_cookies);
  if (change.allow_analytic_cookies !== undefined) consents.allow_analytic_cookies = flag(change.allow_analytic_cookies);
  if (change.allow_marketing_cookies !== undefined) consents.allow_marketing_cookies = flag(change.allow_marketing_cookies);
  const now = Date.now();
  await transact(deps.db, async (trx) => {
    const wasPrivate = (await readMemberSettings(trx, member.userId)).is_private_profile === 1;
    if (Object.keys(settings).length > 0) await writeMemberSettings(trx, member.userId, settings, now);
    if (change.is_private_profile !== undefined && change.is_private_profile !== wasPrivate) {
      await deps.events.record(trx, member.userId, { type: 'profile.privacy_changed', userId: member.userId, isPrivate: change.is_private_profile });
    }
    if (Object.keys(consents).length > 0) await updateAccountFields(trx, member.userId, consents, now);
    await deps.events.record(trx, member.userId, { type: 'settings.changed', userId: member.userId, area: 'privacy' });
  });
  return readPrivacy(deps, member.userId);
}

/**
 * Whether the pages of a member (profile, boards, the closeups of their pins) tell search engines
 * not to index them: the member turned indexing off or made their profile private. Anyone may
 * ask: the answer is what every visitor's copy of those pages says.
 */
export async function hiddenFromSearchEngines(deps: Deps, username: string): Promise<boolean> {
  return isHiddenFromSearchEngines(deps.db, username);
}

/** The viewer's is_private_profile. */
export async function isPrivateProfile(deps: Deps, userId: string): Promise<boolean> {
  return (await readMemberSettings(deps.db, userId)).is_private_profile === 1;
}
