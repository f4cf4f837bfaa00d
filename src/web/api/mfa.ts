import type { MfaSetup } from '../../shared/validation/mfa.ts';
import { ApiError, apiFetch, failure, postForm, readJson } from './http.ts';

/** The viewer's two-factor flags, as /v3/users/me/ answers them. */
export type MfaStatus = { enabled: boolean; canEnable: boolean };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A v3 REST read; resolves to `data` of a success envelope. */
async function getData(path: string): Promise<unknown> {
  const response = await apiFetch(path);
  const body = (await readJson(response)) as { status?: string; data?: unknown } | null;
  if (!response.ok || body?.status !== 'success') throw failure(body, response.status);
  return body.data;
}

function unexpected(): ApiError {
  return new ApiError('Unexpected answer', null, 200);
}

export async function loadMfaStatus(): Promise<MfaStatus> {
  const data = await getData('/v3/users/me/');
  if (!isRecord(data) || typeof data['has_mfa_enabled'] !== 'boolean' || typeof data['can_enable_mfa'] !== 'boolean') throw unexpected();
  return { enabled: data['has_mfa_enabled'], canEnable: data['can_enable_mfa'] };
}

/** POST /v3/users/me/mfa/setup/: a new pending secret; nothing changes until it is confirmed. */
export async function startMfaSetup(): Promise<MfaSetup> {
  const data = await postForm('/v3/users/me/mfa/setup/', {});
  if (!isRecord(data) || typeof data['secret'] !== 'string' || typeof data['otpauth_uri'] !== 'string') throw unexpected();
  return { secret: data['secret'], otpauth_uri: data['otpauth_uri'] };
}

/** Turns two-factor authentication on; the server ends every other session of the account and answers the recovery codes. */
export async function confirmMfaSetup(secret: string, code: string, password: string): Promise<string[]> {
  const data = await postForm('/v3/users/me/mfa/setup/confirm/', { secret, code, password });
  const codes = isRecord(data) ? data['recovery_codes'] : null;
  if (!Array.isArray(codes) || !codes.every((code): code is string => typeof code === 'string')) throw unexpected();
  return codes;
}

export async function disableMfa(password: string, code: string): Promise<void> {
  await postForm('/v3/users/me/mfa/disable/', { password, code });
}
