import {
  AccountDeletionResource,
  AccountExportResource,
  AccountSessionResource,
  MfaRecoveryCodesResource,
  ParentalPasscodeResource,
} from '../../shared/contracts/account-security.ts';
import { randomSecret } from '../common/secrets.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { clearSessionCookies } from './cookies.ts';
import { latestExport, requestExport } from '../users/account-export.service.ts';
import { cancelAccountDeletion, deletionState, requestAccountDeletion } from './account-deletion.service.ts';
import { endAccountSession, endOtherAccountSessions, listAccountSessions } from './account-sessions.service.ts';
import { countRecoveryCodes, regenerateRecoveryCodes } from './mfa.service.ts';
import { passcodeState, removePasscode, setBackupEmail, setPasscode } from './passcode.service.ts';

/** The settings of account security and of the member's own data (docs/decisions/0040-account-security.md). */
export const accountSecurityResources: Resource[] = [
  defineResource(MfaRecoveryCodesResource, {
    get: async ({ actor, deps }) => ({ data: await countRecoveryCodes(deps, actor) }),
    create: async ({ input, actor, deps }) => ({ data: await regenerateRecoveryCodes(deps, actor, input.password) }),
  }),
  defineResource(AccountSessionResource, {
    get: async ({ actor, deps }) => ({ data: await listAccountSessions(deps, actor) }),
    delete: async ({ input, actor, deps }) => {
      if (input.id !== undefined) await endAccountSession(deps, actor, input.id);
      else await endOtherAccountSessions(deps, actor);
      return { data: null };
    },
  }),
  defineResource(ParentalPasscodeResource, {
    get: async ({ actor, deps }) => ({ data: await passcodeState(deps, actor) }),
    create: async ({ input, actor, deps }) => ({ data: await setPasscode(deps, actor, input) }),
    update: async ({ input, actor, deps }) => ({ data: await setBackupEmail(deps, actor, input) }),
    delete: async ({ input, actor, deps }) => ({ data: await removePasscode(deps, actor, input.passcode) }),
  }),
  defineResource(AccountExportResource, {
    get: async ({ actor, deps }) => ({ data: await latestExport(deps, actor) }),
    create: async ({ actor, deps }) => ({ data: await requestExport(deps, actor) }),
  }),
  defineResource(AccountDeletionResource, {
    get: async ({ actor, deps }) => ({ data: await deletionState(deps, actor) }),
    create: async ({ input, actor, deps, reply }) => {
      const answer = await requestAccountDeletion(deps, actor, input);
      // Every session ended with the request, this one too: the browser forgets its cookie.
      clearSessionCookies(reply, deps.config.secureCookies, randomSecret());
      return { data: answer };
    },
    delete: async ({ actor, deps }) => ({ data: await cancelAccountDeletion(deps, actor) }),
  }),
];
