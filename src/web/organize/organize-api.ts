import { apiFetch, callResource, failure, readJson } from '../api/http.ts';
import type { OptionsOf } from '../api/resource-types.ts';
import { blockingActionsOf } from '../../shared/blocking-actions.ts';
import type { BlockingActionJson } from '../../shared/contracts/blocking-actions.ts';

export type OrganizeOptions = OptionsOf<'BoardOrganizeResource', 'create'>;

/**
 * The board's blocking actions (viewer spec section 7: GET /v3/boards/{id}/ with fields board.id
 * and board.blocking_actions). An answer without any fails with the spec's text (section 5).
 */
export async function fetchBlockingActions(boardId: string): Promise<readonly BlockingActionJson[]> {
  const response = await apiFetch(`/v3/boards/${encodeURIComponent(boardId)}/?fields=board.id,board.blocking_actions`);
  const body = (await readJson(response)) as { status?: string; data?: { blocking_actions?: BlockingActionJson[] } } | null;
  if (!response.ok || body?.status !== 'success') throw failure(body, response.status);
  return blockingActionsOf(body.data);
}

export function startOrganize(options: OrganizeOptions): Promise<BlockingActionJson> {
  return callResource('BoardOrganizeResource', 'create', options);
}
