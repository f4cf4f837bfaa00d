import type { AccountDeletionState, AccountExportSummary, ParentalPasscodeState, SessionSummary } from '../../shared/contracts/account-security.ts';
import { callResource } from './http.ts';
import { getResource } from './resources.ts';

/* The calls of the account-security settings (docs/decisions/0040-account-security.md). */

export const listSessions = (): Promise<SessionSummary[]> => getResource('AccountSessionResource', {});
export const endSession = async (id: string): Promise<void> => {
  await callResource('AccountSessionResource', 'delete', { id });
};
export const endOtherSessions = async (): Promise<void> => {
  await callResource('AccountSessionResource', 'delete', { others: true });
};

export const loadPasscode = (): Promise<ParentalPasscodeState> => getResource('ParentalPasscodeResource', {});
export const savePasscode = (passcode: string, confirm: string, current: string | undefined): Promise<ParentalPasscodeState> =>
  callResource('ParentalPasscodeResource', 'create', {
    passcode,
    confirm_passcode: confirm,
    ...(current === undefined ? {} : { current_passcode: current }),
  });
export const saveBackupEmail = (email: string, confirm: string, passcode: string): Promise<ParentalPasscodeState> =>
  callResource('ParentalPasscodeResource', 'update', { backup_email: email, confirm_backup_email: confirm, passcode });
export const removePasscode = (passcode: string): Promise<ParentalPasscodeState> => callResource('ParentalPasscodeResource', 'delete', { passcode });

export const latestExport = (): Promise<AccountExportSummary | null> => getResource('AccountExportResource', {});
export const requestExport = (): Promise<AccountExportSummary> => callResource('AccountExportResource', 'create', {});

export const loadDeletion = (): Promise<AccountDeletionState> => getResource('AccountDeletionResource', {});
export const requestDeletion = (password: string, passcode: string | undefined): Promise<AccountDeletionState> =>
  callResource('AccountDeletionResource', 'create', { password, ...(passcode === undefined ? {} : { parental_passcode: passcode }) });
export const cancelDeletion = (): Promise<AccountDeletionState> => callResource('AccountDeletionResource', 'delete', {});

export const countRecoveryCodes = (): Promise<{ remaining: number }> => getResource('MfaRecoveryCodesResource', {});
export const regenerateRecoveryCodes = async (password: string): Promise<string[]> =>
  (await callResource('MfaRecoveryCodesResource', 'create', { password })).codes;
