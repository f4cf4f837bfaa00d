import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Board } from '../../../src/server/db/schema/boards-and-pins.ts';
import type { Deps } from '../../../src/server/deps.ts';
import { editPin } from '../../../src/server/pins/pins.service.ts';
import { indexPin } from '../../../src/server/search/search-index.ts';
import type { TestClient } from '../../support/app.ts';
import { makePin, type TestUser } from '../../support/factories.ts';

type Envelope<T> = { resource_response: { data: T; bookmark: string | null; error?: { message: string } } };

/** A successful resource read: its data and bookmark. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the shape it expects, as with response.json<T>()
export async function read<T>(client: TestClient, name: string, options: Record<string, unknown> = {}): Promise<{ data: T; bookmark: string | null }> {
  const response = await client.getResource(name, options);
  expect(response.statusCode, `${name} ${JSON.stringify(options)}: ${response.body.slice(0, 400)}`).toBe(200);
  const { data, bookmark } = response.json<Envelope<T>>().resource_response;
  return { data, bookmark };
}

export function errorOf(response: LightMyRequestResponse): string {
  return response.json<Envelope<unknown>>().resource_response.error?.message ?? '';
}

/** Every pin of a feed, page after page. */
export async function allPinIds(client: TestClient, name: string, options: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  let bookmark: string | null = null;
  for (let page = 0; page < 50; page += 1) {
    const result: { data: { id: string }[]; bookmark: string | null } = await read<{ id: string }[]>(client, name, {
      ...options,
      ...(bookmark ? { bookmark } : {}),
    });
    ids.push(...result.data.map((p) => p.id));
    bookmark = result.bookmark;
    if (!bookmark || bookmark === '-end-') break;
  }
  return ids;
}

/** A pin made a video (a real one costs a transcode; the media suite covers it): its kind, and its document rebuilt. */
export async function makeVideoPin(deps: Deps, user: TestUser, board: Board, title: string): Promise<string> {
  const { pin } = await makePin(deps, user, board, { title });
  await deps.db.updateTable('pins').set({ kind: 'video' }).where('id', '=', pin.id).execute();
  await editPin(deps, user.actor, pin.id, {});
  return pin.id;
}

/** Marks a pin unsafe, as moderation would, and reindexes it as every change does. */
export async function markUnsafe(deps: Deps, pinId: string): Promise<void> {
  await deps.db.updateTable('pins').set({ is_unsafe: 1 }).where('id', '=', pinId).execute();
  await indexPin(deps.db, pinId);
}
