import { transact } from '../db/transaction.ts';
import type { NewUser } from '../db/schema/accounts.ts';
import type { Deps } from '../deps.ts';
import { startNux } from './nux.service.ts';
import { insertUser } from './users.repo.ts';

/**
 * A new account, recorded as an event with it: findable by search from the moment it commits.
 * A person signing up gets onboarding to do; accounts made otherwise (demo, imports) do not.
 */
export async function createAccount(deps: Deps, user: NewUser, options: { onboarding?: boolean } = {}): Promise<void> {
  await transact(deps.db, async (trx) => {
    await insertUser(trx, user);
    if (options.onboarding) await startNux(trx, user.id, user.created_at);
    await deps.events.record(trx, user.id, { type: 'account.created', userId: user.id });
  });
}
