import type { Actor } from '../access/actor.ts';
import { requireSession } from '../access/authorized.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { LiveSnapshot } from '../../shared/contracts/live.ts';
import { logHead } from './member-log.repo.ts';

/** What a first load starts from, besides its position: the areas with badges add theirs. */
export type SnapshotSource = (db: Db, memberId: string) => Promise<Omit<LiveSnapshot, 'position'>>;

export type StreamStart = { memberId: string; position: number; snapshot: LiveSnapshot | null };

/**
 * Where a member's stream starts: right after a saved position, or (a first load) at the log's
 * head with a snapshot of the state. A browser session only: the log is the member's own.
 */
export async function startLiveStream(deps: Deps, actor: Actor, resumeAt: number | undefined, snapshot: SnapshotSource): Promise<StreamStart> {
  const member = requireSession(actor);
  if (resumeAt !== undefined) return { memberId: member.userId, position: resumeAt, snapshot: null };
  // The head first: an entry committed after it is sent after the snapshot, and each entry carries
  // whole counts, so a snapshot that already counts it is only repeated, never contradicted.
  const position = await logHead(deps.db, member.userId);
  const state = await snapshot(deps.db, member.userId);
  return { memberId: member.userId, position, snapshot: { position, ...state } };
}
