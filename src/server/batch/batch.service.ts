import type { Actor } from '../access/actor.ts';
import { requireSession } from '../access/authorized.ts';
import { sessionAccounts } from '../auth/session.service.ts';
import type { Deps } from '../deps.ts';
import { batchedUserId, sortAccounts, type Account, type BatchItem } from '../../shared/contracts/batch.ts';
import { ErrorCatalogue } from '../errors.ts';

/**
 * POST /v3/batch/: the accounts this browser's member may switch to, each asked by id. An account
 * this browser has not signed in to is not found (its email and ownership are nobody else's).
 */
export async function batchUsers(deps: Deps, actor: Actor, uris: readonly string[], browserId: string | undefined): Promise<BatchItem[]> {
  requireSession(actor);
  const known = await sessionAccounts(deps, actor, browserId);
  const found: Account[] = [];
  const missing: BatchItem[] = [];
  for (const uri of uris) {
    const id = batchedUserId(uri);
    const account = known.find((a) => a.id === id);
    if (account) {
      const { logged_in: _loggedIn, ...fields } = account;
      found.push({ ...fields, owners: [], partner: null, businesses: [] });
    } else {
      missing.push({ status: 'failure', code: ErrorCatalogue.not_found.code, message: ErrorCatalogue.not_found.message, data: null });
    }
  }
  const unique = sortAccounts(found.filter((a, i) => found.findIndex((b) => b.id === a.id) === i));
  return [...unique.map((data) => ({ status: 'success' as const, code: 0 as const, data })), ...missing];
}
