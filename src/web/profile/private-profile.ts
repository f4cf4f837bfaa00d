import type { ProfileJson } from '../../shared/contracts/social.ts';

/** Whether the reader sees only the header: a private profile they are not approved for (docs/decisions/0046-follow-requests.md). */
export function showsOnlyHeader(profile: Pick<ProfileJson, 'is_private_profile' | 'is_visible_to_me'>): boolean {
  return profile.is_private_profile && !profile.is_visible_to_me;
}
