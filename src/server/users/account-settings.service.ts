import type { AccountSettings, AccountSettingsChange } from '../../shared/contracts/settings.ts';
import { GENDERS } from '../../shared/validation/signup.ts';
import type { Actor } from '../access/actor.ts';
import { requireSession } from '../access/authorized.ts';
import type { User } from '../db/schema/accounts.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { updateAccountFields, type AccountFields } from './account-settings.repo.ts';
import { findUserById, uniqueViolation } from './users.repo.ts';

type Gender = (typeof GENDERS)[number];
const isGender = (value: string | null): value is Gender => GENDERS.some((g) => g === value);

export function presentAccountSettings(user: User): AccountSettings {
  return {
    username: user.username,
    email: user.email,
    country: user.country,
    locale: user.locale,
    gender: isGender(user.gender) ? user.gender : null,
    custom_gender: user.custom_gender,
  };
}

/**
 * The columns a change writes. A custom gender is the member's own word and means something only
 * with `custom`: choosing another gender forgets it, and it cannot be given without choosing custom.
 */
export function accountFieldsOf(change: AccountSettingsChange, current: Pick<User, 'gender'>): AccountFields {
  if (change.custom_gender !== undefined && (change.gender ?? current.gender) !== 'custom') {
    throw new AppError('bad_request', 'A custom gender goes with the gender custom.');
  }
  const fields: AccountFields = {};
  if (change.username !== undefined) fields.username = change.username;
  if (change.country !== undefined) fields.country = change.country;
  if (change.locale !== undefined) fields.locale = change.locale;
  if (change.gender !== undefined) fields.gender = change.gender;
  if (change.custom_gender !== undefined) fields.custom_gender = change.custom_gender;
  else if (change.gender !== undefined && change.gender !== 'custom') fields.custom_gender = null;
  return fields;
}

async function ownUser(deps: Deps, userId: string): Promise<User> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('unauthorized');
  return user;
}

/** AccountSettingsResource get: the member's own username, email, country, language and gender. */
export async function getAccountSettings(deps: Deps, actor: Actor): Promise<AccountSettings> {
  const member = requireSession(actor);
  return presentAccountSettings(await ownUser(deps, member.userId));
}

/**
 * AccountSettingsResource update. A new username follows the sign-up rules (the contract checks
 * its form; the unique index decides a race for the same name). The profile and its search
 * document follow the name (profile.changed).
 */
export async function updateAccountSettings(deps: Deps, actor: Actor, change: AccountSettingsChange): Promise<AccountSettings> {
  const member = requireSession(actor);
  const user = await ownUser(deps, member.userId);
  const fields = accountFieldsOf(change, user);
  const renamed = fields.username !== undefined && fields.username !== user.username;
  try {
    await transact(deps.db, async (trx) => {
      await updateAccountFields(trx, user.id, fields, Date.now());
      if (renamed) {
        await deps.events.record(trx, user.id, { type: 'account.username_changed', userId: user.id });
        await deps.events.record(trx, user.id, { type: 'profile.changed', userId: user.id });
      }
      await deps.events.record(trx, user.id, { type: 'settings.changed', userId: user.id, area: 'account' });
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new AppError('username_taken');
    throw error;
  }
  return presentAccountSettings(await ownUser(deps, user.id));
}
