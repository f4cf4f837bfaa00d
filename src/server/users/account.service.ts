import { transact } from '../db/transaction.ts';
import type { NewUser } from '../db/schema/accounts.ts';
import type { Deps } from '../deps.ts';
import { insertUser } from './users.repo.ts';

/** A new account, recorded as an event with it: findable by search from the moment it commits. */
export async function createAccount(deps: Deps, user: NewUser): Promise<void> {
  await transact(deps.db, async (trx) => {
    await insertUser(trx, user);
    await deps.events.record(trx, user.id, { type: 'account.created', userId: user.id });
  });
}
