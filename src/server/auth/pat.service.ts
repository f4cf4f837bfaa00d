import { DEFAULT_PAT_SCOPES, type CreatePatInput, type NewPat, type PatSummary } from '../../shared/contracts/auth.ts';
import { newId } from '../db/ids.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../access/actor.ts';
import { requireFullSession, requireSession } from '../access/authorized.ts';
import { hashSecret, randomSecret } from '../common/secrets.ts';
import { countActivePats, insertPat, listActivePats, revokePat } from './tokens.repo.ts';

export const PAT_PREFIX = 'cbpat_';
export const MAX_ACTIVE_PATS = 50;

function present(row: { id: string; name: string; scopes: string; created_at: number; last_used_at: number | null }): PatSummary {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.split(' ').filter(Boolean),
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  };
}

/**
 * PersonalAccessTokenResource create: the secret is answered here, once; only its hash is kept.
 * A session in full login only: a token cannot mint tokens, and limited login cannot either.
 */
export async function createPat(deps: Deps, actor: Actor, input: CreatePatInput): Promise<NewPat> {
  const member = requireFullSession(actor);
  if ((await countActivePats(deps.db, member.userId)) >= MAX_ACTIVE_PATS) {
    throw new AppError('bad_request', `You can have at most ${MAX_ACTIVE_PATS} access tokens. Revoke one first.`);
  }
  const token = `${PAT_PREFIX}${randomSecret()}`;
  const row = {
    id: newId(),
    user_id: member.userId,
    name: input.name,
    token_hash: hashSecret(token),
    scopes: [...new Set(input.scopes ?? DEFAULT_PAT_SCOPES)].sort().join(' '),
    created_at: Date.now(),
    last_used_at: null,
    revoked_at: null,
  };
  await insertPat(deps.db, row);
  return { ...present(row), token };
}

/** PersonalAccessTokenResource get: the viewer's live tokens, never their secrets. */
export async function listPats(deps: Deps, actor: Actor): Promise<PatSummary[]> {
  const member = requireSession(actor);
  return (await listActivePats(deps.db, member.userId)).map(present);
}

/** PersonalAccessTokenResource delete: someone else's token is not found, like a missing one. */
export async function revokePatById(deps: Deps, actor: Actor, id: string): Promise<void> {
  const member = requireSession(actor);
  if (!(await revokePat(deps.db, member.userId, id, Date.now()))) throw new AppError('not_found');
}
