import type { SessionSummary } from '../../shared/contracts/account-security.ts';
import type { Actor } from '../access/actor.ts';
import { requireFullSession } from '../access/authorized.ts';
import { hashSecret } from '../common/secrets.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { deleteOtherSessions, deleteSessionOf, listLiveSessions, type AccountSessionRow } from './sessions.repo.ts';
import { summarizeUserAgent } from './user-agent.ts';

/**
 * A session's id in the list: a digest of its stored hash, so the list never shows what the
 * database keeps and nothing in it leads back to the cookie.
 */
export function publicSessionId(idHash: string): string {
  return hashSecret(`session:${idHash}`).slice(0, 32);
}

function present(row: AccountSessionRow, currentIdHash: string): SessionSummary {
  return {
    id: publicSessionId(row.id_hash),
    ...summarizeUserAgent(row.user_agent),
    created_at: new Date(row.created_at).toISOString(),
    last_active_at: new Date(row.last_seen_at).toISOString(),
    current: row.id_hash === currentIdHash,
  };
}

/** AccountSessionResource get: the member's signed-in browsers, this one marked. */
export async function listAccountSessions(deps: Deps, actor: Actor, now = Date.now()): Promise<SessionSummary[]> {
  const member = requireFullSession(actor);
  return (await listLiveSessions(deps.db, member.userId, now)).map((row) => present(row, member.sessionIdHash));
}

/**
 * AccountSessionResource delete {id}: signs one of the member's browsers out (this one too, if
 * named). Another member's session, or one already ended, is not found.
 */
export async function endAccountSession(deps: Deps, actor: Actor, id: string, now = Date.now()): Promise<void> {
  const member = requireFullSession(actor);
  const row = (await listLiveSessions(deps.db, member.userId, now)).find((r) => publicSessionId(r.id_hash) === id);
  if (!row || !(await deleteSessionOf(deps.db, member.userId, row.id_hash))) throw new AppError('not_found');
}

/** AccountSessionResource delete {others: true}: every browser but this one is signed out. */
export async function endOtherAccountSessions(deps: Deps, actor: Actor): Promise<void> {
  const member = requireFullSession(actor);
  await deleteOtherSessions(deps.db, member.userId, member.sessionIdHash);
}
