import type { Actor } from '../access/actor.ts';
import { requireFullSession } from '../access/authorized.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findUserById } from '../users/users.repo.ts';
import { hasBusinessTies, setBusinessAccount } from './business.repo.ts';

/**
 * Turning a personal account into a business account and back. A business account is the same
 * account with a business name (users.is_partner); it may then own assets and have members. It
 * goes back to personal only while nothing hangs on it (no members, partners or assets): those
 * are removed first, each into History, so no permission outlives the business that gave it.
 */
export async function convertAccount(deps: Deps, actor: Actor, to: { business_name: string } | 'personal'): Promise<{ isBusiness: boolean }> {
  const member = requireFullSession(actor);
  return transact(deps.db, async (trx) => {
    const user = await findUserById(trx, member.userId);
    if (!user) throw new AppError('not_found');
    if (to === 'personal' && user.is_partner === 1 && (await hasBusinessTies(trx, user.id)))
      throw new AppError('conflict', 'Remove the business’s people, partners and assets before making it a personal account.');
    const isBusiness = to !== 'personal';
    await setBusinessAccount(trx, user.id, isBusiness ? to.business_name : null, Date.now());
    if ((user.is_partner === 1) !== isBusiness) await deps.events.record(trx, user.id, { type: 'account.business_changed', userId: user.id, isBusiness });
    return { isBusiness };
  });
}
