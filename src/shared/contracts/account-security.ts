import { z } from 'zod';
import { GivenPassword } from '../validation/password.ts';
import { BackupEmailPayload, Passcode, PasscodeSetPayload } from '../validation/parental-passcode.ts';
import { Id } from './common.ts';
import { resourceContract } from './contract.ts';

/*
 * Account security and the member's own data (docs/decisions/0040-account-security.md): recovery
 * codes, signed-in sessions, the parental passcode, the download of one's data and deleting the
 * account. Browser sessions only: a personal access token reaches none of these.
 */

/**
 * The scopes the /v5 routes ask for (src/shared/contracts/v5*.ts): what the access-token form
 * offers. The other scopes of the reference guard nothing this instance serves.
 */
export const TOKEN_SCOPE_CHOICES = [
  'boards:read',
  'boards:write',
  'boards:read_secret',
  'boards:write_secret',
  'pins:read',
  'pins:write',
  'pins:read_secret',
  'pins:write_secret',
  'user_accounts:read',
] as const;

/** The passcode, when one is set, for a call that changes a protected setting. */
export const ParentalPasscodeField = { parental_passcode: Passcode.optional() };

/** A recovery code as typed: its shape is the service's to judge. */
export const RecoveryCodesAnswer = z.object({ codes: z.array(z.string()) });

/** MfaRecoveryCodesResource: get counts the unspent codes, create {password} replaces them all. */
export const MfaRecoveryCodesResource = resourceContract({
  name: 'MfaRecoveryCodesResource',
  verbs: {
    get: { input: z.object({}), output: z.object({ remaining: z.number().int() }) },
    create: { input: z.object({ password: GivenPassword }), output: RecoveryCodesAnswer },
  },
});

/** A signed-in session as its owner sees it: never its secret. */
export const SessionSummary = z.object({
  id: z.string(),
  browser: z.string(),
  device: z.string(),
  created_at: z.iso.datetime(),
  last_active_at: z.iso.datetime(),
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof SessionSummary>;

/** A session's public id: a digest of its stored hash. */
const SessionId = z.string().regex(/^[0-9a-f]{32}$/, 'Not found.');

/** AccountSessionResource: get lists the member's sessions; delete {id} ends one, {others: true} every other one. */
export const AccountSessionResource = resourceContract({
  name: 'AccountSessionResource',
  verbs: {
    get: { input: z.object({}), output: z.array(SessionSummary) },
    delete: {
      input: z
        .object({ id: SessionId.optional(), others: z.literal(true).optional() })
        .refine((o) => (o.id === undefined) !== (o.others === undefined), { message: 'Required', path: ['id'] }),
      output: z.null(),
    },
  },
});

export const ParentalPasscodeState = z.object({ is_set: z.boolean(), backup_email: z.string().nullable() });
export type ParentalPasscodeState = z.infer<typeof ParentalPasscodeState>;

/**
 * ParentalPasscodeResource: get answers whether one is set; create sets or changes it (the current
 * one required to change it); update {backup_email} sets its backup email; delete {passcode} removes it.
 */
export const ParentalPasscodeResource = resourceContract({
  name: 'ParentalPasscodeResource',
  verbs: {
    get: { input: z.object({}), output: ParentalPasscodeState },
    create: { input: PasscodeSetPayload, output: ParentalPasscodeState },
    update: { input: BackupEmailPayload, output: ParentalPasscodeState },
    delete: { input: z.object({ passcode: Passcode }), output: ParentalPasscodeState },
  },
});

export const AccountExportSummary = z.object({
  id: z.string(),
  status: z.enum(['pending', 'ready', 'failed']),
  requested_at: z.iso.datetime(),
  ready_at: z.iso.datetime().nullable(),
  expires_at: z.iso.datetime().nullable(),
  downloaded: z.boolean(),
});
export type AccountExportSummary = z.infer<typeof AccountExportSummary>;

/** AccountExportResource: get answers the latest export (or null); create requests a new one. */
export const AccountExportResource = resourceContract({
  name: 'AccountExportResource',
  verbs: {
    get: { input: z.object({}), output: AccountExportSummary.nullable() },
    create: { input: z.object({}), output: AccountExportSummary },
  },
});

/** GET /settings/download-data/file/?id=…&token=…: the mailed one-time link. */
export const AccountExportDownloadQuery = z.object({ id: Id, token: z.string().min(1).max(128) });

export const AccountDeletionState = z.object({
  scheduled: z.boolean(),
  purge_at: z.iso.datetime().nullable(),
});
export type AccountDeletionState = z.infer<typeof AccountDeletionState>;

/** AccountDeletionResource: get answers whether a deletion is pending; create {password, parental_passcode?} schedules it; delete cancels it. */
export const AccountDeletionResource = resourceContract({
  name: 'AccountDeletionResource',
  verbs: {
    get: { input: z.object({}), output: AccountDeletionState },
    create: { input: z.object({ password: GivenPassword, ...ParentalPasscodeField }), output: AccountDeletionState },
    delete: { input: z.object({}), output: AccountDeletionState },
  },
});
