import type { ParentalPasscodeState } from '../../shared/contracts/account-security.ts';
import { backupEmailProblem, type BackupEmailPayload, type PasscodeSetPayload } from '../../shared/validation/parental-passcode.ts';
import type { Actor } from '../access/actor.ts';
import { requireFullSession } from '../access/authorized.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findUserById } from '../users/users.repo.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { deletePasscode, findPasscode, updateBackupEmail, upsertPasscode, type PasscodeRow } from './passcode.repo.ts';

/*
 * The parental passcode (viewer spec sections 4 and 5, docs/decisions/0040-account-security.md):
 * four digits that guard the protected settings (the password, the email, deleting the account).
 * Kept as an argon2 hash, and tried at most ten times in 15 minutes per account: four digits are
 * few enough that the limit, not the hash, is what stops a guesser.
 */

export const PASSCODE_REQUIRED = 'Please enter your parental passcode';
export const PASSCODE_INCORRECT = 'That passcode is incorrect';
const NOT_SET = 'There is no parental passcode on this account.';

function state(row: PasscodeRow | undefined): ParentalPasscodeState {
  return { is_set: row !== undefined, backup_email: row?.backup_email ?? null };
}

async function checkPasscode(deps: Deps, userId: string, row: PasscodeRow, given: string | undefined): Promise<void> {
  if (given === undefined) throw new AppError('forbidden', PASSCODE_REQUIRED, { parental_passcode: 'required' });
  await enforceRateLimit(deps, 'parentalPasscode', userId);
  if (!(await verifyPassword(given, row.passcode_hash))) throw new AppError('forbidden', PASSCODE_INCORRECT, { parental_passcode: 'incorrect' });
}

/**
 * The gate of every protected setting: passes when the account has no passcode or `given` is it;
 * a missing or wrong one is 403 with extra_data.parental_passcode saying which, so the client
 * opens the passcode modal. Called by the service of the protected change before it changes anything.
 */
export async function requireParentalPasscode(deps: Deps, userId: string, given: string | undefined): Promise<void> {
  const row = await findPasscode(deps.db, userId);
  if (row) await checkPasscode(deps, userId, row, given);
}

/** ParentalPasscodeResource get. */
export async function passcodeState(deps: Deps, actor: Actor): Promise<ParentalPasscodeState> {
  const member = requireFullSession(actor);
  return state(await findPasscode(deps.db, member.userId));
}

/** ParentalPasscodeResource create: sets the passcode; changing one needs the current one. */
export async function setPasscode(deps: Deps, actor: Actor, input: PasscodeSetPayload, now = Date.now()): Promise<ParentalPasscodeState> {
  const member = requireFullSession(actor);
  const row = await findPasscode(deps.db, member.userId);
  if (row) await checkPasscode(deps, member.userId, row, input.current_passcode);
  await upsertPasscode(deps.db, member.userId, await hashPassword(input.passcode), now);
  return state(await findPasscode(deps.db, member.userId));
}

/** ParentalPasscodeResource update: the backup email, another address than the account's, with the passcode. */
export async function setBackupEmail(deps: Deps, actor: Actor, input: BackupEmailPayload, now = Date.now()): Promise<ParentalPasscodeState> {
  const member = requireFullSession(actor);
  const row = await findPasscode(deps.db, member.userId);
  if (!row) throw new AppError('bad_request', NOT_SET);
  const user = await findUserById(deps.db, member.userId);
  if (!user) throw new AppError('unauthorized');
  const problem = backupEmailProblem(input.backup_email, user.email);
  if (problem) throw new AppError('bad_request', problem, { field: 'backup_email' });
  await checkPasscode(deps, member.userId, row, input.passcode);
  await updateBackupEmail(deps.db, member.userId, input.backup_email, now);
  return state(await findPasscode(deps.db, member.userId));
}

/** ParentalPasscodeResource delete {passcode}: removes the passcode and its backup email. */
export async function removePasscode(deps: Deps, actor: Actor, passcode: string): Promise<ParentalPasscodeState> {
  const member = requireFullSession(actor);
  const row = await findPasscode(deps.db, member.userId);
  if (!row) throw new AppError('bad_request', NOT_SET);
  await checkPasscode(deps, member.userId, row, passcode);
  await deletePasscode(deps.db, member.userId);
  return state(undefined);
}
