import type { NewPat, PatScope, PatSummary } from '../../shared/contracts/auth.ts';
import { callResource } from './http.ts';
import { getResource } from './resources.ts';

const RESOURCE = 'PersonalAccessTokenResource';

export function listAccessTokens(): Promise<PatSummary[]> {
  return getResource(RESOURCE, {});
}

/** The answer is the one time the server sends the token's secret. */
export function createAccessToken(name: string, scopes: PatScope[]): Promise<NewPat> {
  return callResource(RESOURCE, 'create', { name, scopes });
}

export async function revokeAccessToken(id: string): Promise<void> {
  await callResource(RESOURCE, 'delete', { id });
}
