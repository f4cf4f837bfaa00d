import { ApiError, callResource } from './http.ts';
import { getResource } from './resources.ts';

/** A personal access token as PersonalAccessTokenResource lists it: never its secret. */
export type AccessToken = {
  id: string;
  name: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
};

/** The answer to create: the one time the secret is sent. */
export type NewAccessToken = AccessToken & { token: string };

const RESOURCE = 'PersonalAccessTokenResource';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isAccessToken(value: unknown): value is AccessToken {
  if (!isRecord(value)) return false;
  const { id, name, scopes, created_at, last_used_at } = value;
  return (
    typeof id === 'string' &&
    typeof name === 'string' &&
    Array.isArray(scopes) &&
    typeof created_at === 'string' &&
    (last_used_at === null || typeof last_used_at === 'string')
  );
}

function isNewAccessToken(value: unknown): value is NewAccessToken {
  return isAccessToken(value) && typeof (value as Partial<NewAccessToken>).token === 'string';
}

function unexpected(): ApiError {
  return new ApiError('Unexpected answer', null, 200);
}

export async function listAccessTokens(): Promise<AccessToken[]> {
  const data = await getResource(RESOURCE, {});
  if (!Array.isArray(data) || !data.every(isAccessToken)) throw unexpected();
  return data;
}

export async function createAccessToken(name: string): Promise<NewAccessToken> {
  const data = await callResource(RESOURCE, 'create', { name });
  if (!isNewAccessToken(data)) throw unexpected();
  return data;
}

export async function revokeAccessToken(id: string): Promise<void> {
  await callResource(RESOURCE, 'delete', { id });
}
