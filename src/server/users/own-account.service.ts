import type { Actor } from '../access/actor.ts';
import { requireSignedIn } from '../access/authorized.ts';
import type { User } from '../db/schema/accounts.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findUserById } from './users.repo.ts';

/**
 * The signed-in caller's own account: what the public API calls "the operation user_account" and
 * lists the boards and pins of. A token outliving its account is no longer anyone's.
 */
export async function ownAccount(deps: Deps, actor: Actor): Promise<User> {
  const me = requireSignedIn(actor);
  const user = await findUserById(deps.db, me.userId);
  if (!user) throw new AppError('unauthorized');
  return user;
}
