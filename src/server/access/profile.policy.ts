import type { Db } from '../db/database.ts';
import { profileStanding } from './access.repo.ts';
import type { Reader } from './authorized.ts';

/**
 * How a profile stands to a reader (docs/decisions/0046-follow-requests.md): a private profile
 * shows everyone its header, and its boards, pins and lists only to its owner and the members it
 * approved. `open` is the same rule as the SQL of visibility (profileOpenTo), asked of one member.
 */
export type ProfileStanding = { isPrivate: boolean; open: boolean };

export async function profileStandingTo(db: Db, reader: Reader, userId: string): Promise<ProfileStanding> {
  return (await profileStanding(db, reader, userId)) ?? { isPrivate: false, open: false };
}
