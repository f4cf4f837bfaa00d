import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp, TestClient } from '../../support/app.ts';
import { makeBoard, makePin, makeUser, type TestUser } from '../../support/factories.ts';
import { bookmarkOf, ok } from '../boards/helpers.ts';

export type Comment = {
  id: string;
  pin_id: string;
  parent_id: string | null;
  user: { id: string; username: string };
  text: string;
  tags: { tag_type: string; user_id: string }[];
  tagged_users: { id: string; username: string }[];
  reaction_counts: Record<string, number>;
  reaction_by_me: number | null;
  helpful_count: number;
  marked_helpful_by_me: boolean;
  highlighted_by_pin_owner: boolean;
  comment_count: number;
  can_edit: boolean;
  can_delete: boolean;
  can_moderate: boolean;
};

/** A member with a public (or secret) board holding one pin. */
export async function pinOf(t: TestApp, name: string, privacy: 'public' | 'secret' = 'public') {
  const owner = await makeUser(t.deps, name);
  const board = await makeBoard(t.deps, owner, { name: `${name} board`, privacy });
  const { pin } = await makePin(t.deps, owner, board, { title: `${name} pin` });
  return { owner, board, pin };
}

export const writeComment = (client: TestClient, options: Record<string, unknown>) => client.resource('AggregatedCommentResource', 'create', options);
export const editComment = (client: TestClient, options: Record<string, unknown>) => client.resource('AggregatedCommentResource', 'update', options);
export const removeComment = (client: TestClient, commentId: string) => client.resource('AggregatedCommentResource', 'delete', { commentId });
export const hide = (client: TestClient, options: Record<string, unknown>) => client.resource('AggregatedCommentHideResource', 'create', options);
export const feed = (client: TestClient, options: Record<string, unknown>) => client.getResource('AggregatedCommentFeedResource', options);

export function rest(
  client: TestClient,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return client.request({
    method,
    url,
    ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
}

/** The data of a successful REST call. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the shape it expects, as with response.json<T>()
export function restOk<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
}

/** Every page of a level, following bookmarks to the end. */
export async function allPages(client: TestClient, options: Record<string, unknown>): Promise<Comment[]> {
  const out: Comment[] = [];
  let bookmark: string | undefined;
  for (let i = 0; i < 1000; i += 1) {
    const response = await feed(client, { ...options, ...(bookmark ? { bookmark } : {}) });
    out.push(...ok<Comment[]>(response));
    const next = bookmarkOf(response);
    if (next === null || next === '-end-') return out;
    bookmark = next;
  }
  throw new Error('no end');
}

export async function commentCountOf(t: TestApp, pinId: string): Promise<number> {
  const row = await t.deps.db.selectFrom('pins').select('comment_count').where('id', '=', pinId).executeTakeFirstOrThrow();
  return row.comment_count;
}

export type People = Record<string, TestUser>;

/** A failure in the REST envelope with the given HTTP status. */
export function restFailed(response: LightMyRequestResponse, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ status: 'failure', data: null, http_status: status });
}
