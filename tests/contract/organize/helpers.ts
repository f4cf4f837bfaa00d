import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { BlockingActionJson } from '../../../src/shared/contracts/blocking-actions.ts';
import { boardActionJob } from '../../../src/server/organize/organize.job.ts';
import type { TestApp, TestClient } from '../../support/app.ts';

/** The blocking actions of a board as its page reads them (GET /v3/boards/{id}/). */
export async function readActions(client: TestClient, boardId: string): Promise<BlockingActionJson[]> {
  const response = await client.get(`/v3/boards/${boardId}/?fields=board.id,board.blocking_actions`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { blocking_actions: BlockingActionJson[] } }>().data.blocking_actions;
}

/** Starts an organize action; answers it (running). */
export async function organize(client: TestClient, options: Record<string, unknown>): Promise<BlockingActionJson> {
  const response = await client.resource('BoardOrganizeResource', 'create', options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ resource_response: { data: BlockingActionJson } }>().resource_response.data;
}

/** Runs an action's job to its end here, as a worker would (tests start their apps without one). */
export async function runAction(t: TestApp, actionId: string): Promise<void> {
  await boardActionJob(t.deps)({ actionId }, { id: 'test', attempt: 1 });
}

export const statusOf = (response: LightMyRequestResponse) => response.statusCode;

/** The ids of the pins a board holds. */
export async function pinsOn(t: TestApp, boardId: string): Promise<string[]> {
  const rows = await t.deps.db.selectFrom('board_pins').select('pin_id').where('board_id', '=', boardId).orderBy('pin_id').execute();
  return rows.map((r) => r.pin_id);
}
