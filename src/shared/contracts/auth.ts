import { z } from 'zod';
import { MfaConfirmPayload, MfaDisablePayload, MfaSetup } from '../validation/mfa.ts';
import { PasswordResetPayload, PasswordResetRequestPayload } from '../validation/password-reset.ts';
import { LoginPayload, MfaLoginPayload, PasswordChangePayload, SignupPayload, lineText } from '../validation/signup.ts';
import { SessionAccount, Viewer } from '../viewer.ts';
import { Id, restAnswer } from './common.ts';
import { resourceContract } from './contract.ts';

/*
 * Accounts and sessions (docs/decisions/0006-accounts-and-sessions.md): the resources that turn a
 * handshake into a session, list and end sessions, and manage personal access tokens, and the v3
 * REST calls of sign-up, login, two-factor authentication and the password.
 */

/** The scopes of the public API (reference/pinterest-api-v5.json) a token may carry. */
export const PAT_SCOPES = [
  'ads:read',
  'ads:write',
  'billing:read',
  'billing:write',
  'biz_access:read',
  'biz_access:write',
  'boards:read',
  'boards:read_secret',
  'boards:write',
  'boards:write_secret',
  'catalogs:read',
  'catalogs:write',
  'pins:read',
  'pins:read_secret',
  'pins:write',
  'pins:write_secret',
  'user_accounts:read',
  'user_accounts:write',
] as const;
export type PatScope = (typeof PAT_SCOPES)[number];

export const DEFAULT_PAT_SCOPES = ['boards:read', 'pins:read', 'user_accounts:read'] as const;

/** A personal access token as its owner sees it: never its secret. */
export const PatSummary = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
});
export type PatSummary = z.infer<typeof PatSummary>;

/** A token just made: the one answer that carries its secret. */
export const NewPat = PatSummary.extend({ token: z.string() });
export type NewPat = z.infer<typeof NewPat>;

export const CreatePatInput = z.object({
  name: lineText(100).trim().min(1, 'Required'),
  scopes: z.array(z.enum(PAT_SCOPES)).min(1).max(PAT_SCOPES.length).optional(),
});
export type CreatePatInput = z.infer<typeof CreatePatInput>;

/** PersonalAccessTokenResource: get lists, create {name, scopes?} answers the secret once, delete {id} revokes. */
export const PersonalAccessTokenResource = resourceContract({
  name: 'PersonalAccessTokenResource',
  verbs: {
    get: { input: z.object({}), output: z.array(PatSummary) },
    create: { input: CreatePatInput, output: NewPat },
    delete: { input: z.object({ id: Id }), output: z.null() },
  },
});

/** HandshakeSessionResource create {token, isRegistration}: the handshake becomes a session; answers the viewer. */
export const HandshakeSessionResource = resourceContract({
  name: 'HandshakeSessionResource',
  verbs: {
    create: {
      input: z.object({
        token: z.string().min(1).max(256),
        isRegistration: z.boolean().optional(),
        /** Keep the browser's current account signed in beside the new one (the account menu's "Add account"). */
        add_account: z.boolean().optional(),
      }),
      output: Viewer,
    },
  },
});

const SessionOptions = z.object({ disable_auth_failure_redirect: z.boolean().optional() });

/**
 * UserSessionResource: create {session_accounts: true} lists this browser's accounts; update
 * {user_id} switches to another account signed in on this browser (answers its viewer); delete logs
 * the active account out, and the next signed-in account of the browser becomes the active one.
 */
export const UserSessionResource = resourceContract({
  name: 'UserSessionResource',
  verbs: {
    create: {
      input: SessionOptions.extend({
        session_accounts: z.boolean().refine((asked) => asked, 'Required'),
      }),
      output: z.object({ session_accounts: z.array(SessionAccount) }),
    },
    update: { input: z.object({ user_id: Id }), output: Viewer },
    delete: { input: SessionOptions, output: z.null() },
  },
});

/** A POST that takes no fields: a form of none, or no body at all. */
const NoFields = z.object({}).optional();
const Done = { 200: restAnswer(z.null()) };
/** A handshake token, to trade for a session with HandshakeSessionResource create. */
const Handshake = { 200: restAnswer(z.string()) };

/** POST /v3/register/{email|partner}/handshake/ (form-encoded). */
export const SignupRoute = { body: SignupPayload, response: Handshake };
/** POST /v3/login/handshake/; an account with two-factor authentication answers mfa_required first. */
export const LoginRoute = { body: LoginPayload, response: Handshake };
/** POST /v3/login/mfa/handshake/: the code, with the pending token or the credentials again. */
export const MfaLoginRoute = { body: MfaLoginPayload, response: Handshake };
/** POST /v3/users/email/verify/resend/: mails a new verification link. */
export const ResendVerificationRoute = { body: NoFields, response: Done };
/** POST /v3/users/me/mfa/setup/: a pending secret and its otpauth:// Key URI. */
export const MfaSetupRoute = { body: NoFields, response: { 200: restAnswer(MfaSetup) } };
/** POST /v3/users/me/mfa/setup/confirm/: answers the ten recovery codes, the one time they are shown. */
export const MfaConfirmRoute = { body: MfaConfirmPayload, response: { 200: restAnswer(z.object({ recovery_codes: z.array(z.string()) })) } };
/** POST /v3/users/me/mfa/disable/. */
export const MfaDisableRoute = { body: MfaDisablePayload, response: Done };
/** PUT /v3/users/me/password/: ends every other session of the account. */
export const PasswordChangeRoute = { body: PasswordChangePayload, response: Done };
/** POST /v3/users/password/reset/request/: the same answer whether an account uses the email or not. */
export const PasswordResetRequestRoute = { body: PasswordResetRequestPayload, response: Done };
/** POST /v3/users/password/reset/: spends the mailed token; ends every session of the account. */
export const PasswordResetRoute = { body: PasswordResetPayload, response: Done };
/** GET /refresh_token: extends the session. */
export const RefreshTokenRoute = { querystring: z.object({}), response: Done };
/** GET /refresh_stored_accounts: the accounts stored for this browser; waiting sessions that ended are dropped from the cookie. */
export const StoredAccountsRoute = { querystring: z.object({}), response: { 200: restAnswer(z.object({ session_accounts: z.array(SessionAccount) })) } };
